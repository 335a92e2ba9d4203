//! Home on a phone (issue 43): the four panels above the stories (assistant, Quick Create, the
//! canvas, the skill matcher) folded into one row of compact cards, so the stories are on the
//! first screen and the first post on the second. A card opens its panel in a sheet from the
//! bottom; the panel is the same component the laptop's right rail shows, mounted only while open.
import type { LucideIcon } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

export interface FoldedPanel {
  id: string;
  /** The panel's own name ('AI Creative Assistant'): the sheet's title, and in the card's name. */
  title: string;
  /** The card's short visible label: a part of `title`, so the name contains what is seen. */
  label: string;
  icon: LucideIcon;
  /** Tints the card's icon, as the panel itself does. */
  tint: string;
  /** The panel; `close` folds it again (`close(true)` when handing over to another dialog, as Quick Create's New Project does). */
  render: (close: (handOver?: boolean) => void) => ReactNode;
}

export function PanelRow({ panels }: { panels: FoldedPanel[] }) {
  const [openId, setOpenId] = useState<string | null>(null);
  // The panel shown stays in the sheet while it closes.
  const [shownId, setShownId] = useState<string | null>(null);
  const shown = panels.find((p) => p.id === shownId);
  // The sheet has no Radix trigger (four cards open it): focus goes back to the card by hand,
  // unless the panel handed over to another dialog (`close(true)`), which takes the focus.
  const opener = useRef<HTMLButtonElement | null>(null);
  const [handedOver, setHandedOver] = useState(false);
  const close = (handOver = false) => {
    setHandedOver(handOver);
    setOpenId(null);
  };

  return (
    <>
      <ul aria-label="Creative tools" className="grid grid-cols-4 gap-2">
        {panels.map(({ id, title, label, icon: Icon, tint }) => (
          <li key={id} className="flex">
            <button
              type="button"
              aria-haspopup="dialog"
              aria-label={`Open ${title}`}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setHandedOver(false);
                setShownId(id);
                setOpenId(id);
              }}
              className="flex min-h-[4.5rem] w-full flex-col items-center justify-center gap-1.5 rounded-2xl border border-white/10 bg-zinc-900/60 px-1 py-2 text-center transition hover:bg-white/10 active:scale-[0.97]"
            >
              <span className={cn('grid size-8 place-items-center rounded-full', tint)}>
                <Icon aria-hidden="true" className="size-4" />
              </span>
              <span className="text-[11px] leading-tight font-medium text-zinc-200">{label}</span>
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={openId !== null} onOpenChange={(next) => !next && close()}>
        {shown && (
          <DialogContent
            aria-describedby={undefined}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              if (!handedOver) opener.current?.focus();
            }}
            className="top-auto bottom-0 max-h-[88dvh] w-full translate-y-0 rounded-b-none bg-zinc-950 px-3 pt-12 pb-[calc(1rem+env(safe-area-inset-bottom))] lg:top-1/2 lg:bottom-auto lg:w-[calc(100%-2rem)] lg:-translate-y-1/2 lg:rounded-b-2xl"
          >
            <DialogTitle className="sr-only">{shown.title}</DialogTitle>
            {shown.render(close)}
          </DialogContent>
        )}
      </Dialog>
    </>
  );
}
