//! Tabs with the WAI-ARIA pattern: arrow keys move between tabs, one panel is shown. `pills`: a
//! segmented control, for a choice inside another tab's panel (Drafts / Scheduled on a profile).
import { useId, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  panel: ReactNode;
}

export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  label,
  variant = 'underline',
}: {
  tabs: Array<TabItem<T>>;
  value: T;
  onChange: (id: T) => void;
  label: string;
  variant?: 'underline' | 'pills';
}) {
  const pills = variant === 'pills';
  const base = useId();
  const active = tabs.find((t) => t.id === value) ?? tabs[0];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.id === active.id);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(index + step + tabs.length) % tabs.length];
    onChange(next.id);
    document.getElementById(`${base}-tab-${next.id}`)?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className={pills ? 'mx-4 mt-3 flex gap-1 rounded-xl bg-white/5 p-1' : 'flex overflow-x-auto border-b border-white/10 [scrollbar-width:thin]'}>
        {tabs.map((tab) => {
          const selected = tab.id === active.id;
          return (
            <button
              key={tab.id}
              id={`${base}-tab-${tab.id}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${base}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.id)}
              onKeyDown={onKeyDown}
              className={
                pills
                  ? cn(
                      'flex min-h-10 flex-1 items-center justify-center gap-2 rounded-lg px-2 text-sm font-semibold transition',
                      selected ? 'bg-white/10 text-white' : 'text-zinc-400 hover:text-zinc-200',
                    )
                  : cn(
                      // Four or five labels share a phone's width (the admin's tabs, your own
                      // profile's): a little less spacing there, and no icons below 400 px. A
                      // label never shrinks below its text: when they cannot all fit, the row
                      // scrolls sideways (the admin's five on a phone).
                      'flex min-h-12 min-w-max flex-1 items-center justify-center gap-2 border-b-2 px-1 text-center text-xs font-semibold tracking-wider transition sm:tracking-widest',
                      tabs.length > 4 && 'max-[399px]:tracking-normal [&>svg]:max-[399px]:hidden',
                      selected ? 'border-white text-white' : 'border-transparent text-zinc-500 hover:text-zinc-200',
                    )
              }
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel-${active.id}`} aria-labelledby={`${base}-tab-${active.id}`} className="pt-0.5">
        {active.panel}
      </div>
    </div>
  );
}
