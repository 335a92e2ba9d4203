//! An on/off switch (WAI-ARIA switch pattern): a button with role="switch" and aria-checked,
//! so Space and Enter toggle it and screen readers announce on/off. Labelled by its row.
import { cn } from '@/lib/utils';

export function Switch({
  checked,
  onCheckedChange,
  className,
  ...props
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  className?: string;
  id?: string;
  disabled?: boolean;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-label'?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-white/10 transition disabled:cursor-not-allowed disabled:opacity-60',
        checked ? 'bg-gradient-to-r from-fuchsia-500 to-purple-500' : 'bg-zinc-700',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className={cn(
          'block size-5 rounded-full bg-[#fff] shadow transition-transform',
          checked ? 'translate-x-6' : 'translate-x-1',
        )}
      />
    </button>
  );
}
