//! The one 'are you sure?' of Atelier (issue 43: nothing lost by one tap): a question for a
//! title ('Delete comment?'), one sentence of what follows, Cancel and a red button named for
//! the act ('Delete'). Cancel, Escape, the close button or a press outside change nothing and send
//! nothing; focus goes back to the button that opened it. While the act is under way the dialog
//! stays (its buttons disabled), and a refusal can be shown in it (`error`) to try again.
import type { ReactElement, ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from './dialog';

export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  returnFocusTo,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy = false,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (Radix then gives focus back to it on close). */
  trigger?: ReactElement;
  /** Without a trigger (opened from a menu item, which is gone by then): where focus goes back. */
  returnFocusTo?: () => HTMLElement | null;
  title: string;
  /** The consequence, in one sentence ('This cannot be undone.' where true). */
  description: string;
  /** The act: 'Delete', 'Leave', 'Log out'… */
  confirmLabel: string;
  /** The confirm button's text while `busy` ('Deleting...'). */
  busyLabel?: string;
  /** The request is under way: the dialog cannot be dismissed, nor confirmed twice. */
  busy?: boolean;
  /** Why the last try failed, shown above the buttons. */
  error?: ReactNode;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent
        role="alertdialog"
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.();
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {error && (
          <p role="alert" className="mt-3 rounded-xl border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
            {error}
          </p>
        )}
        <div className="mt-5 flex gap-3">
          <DialogClose asChild>
            <Button variant="secondary" className="flex-1" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="danger" className="flex-1" disabled={busy} onClick={onConfirm}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
