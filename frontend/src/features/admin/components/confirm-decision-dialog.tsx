//! 'Remove this post?' / 'Suspend @username?' (issue 20): what the decision does, optional notes
//! (at most 500 characters, kept with the case and in the audit log), then the action or Cancel.
//! The dialog closes at once on the action: the case leaves the list optimistically and a refusal
//! comes back as a toast with the row.
import { useId, useRef, useState, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Label, Textarea } from '@/components/ui/input';
import { NOTES_MAX, REPORTS_TEXT } from '../reports-text';
import type { ReportCase } from '../types';

export interface PendingDecision {
  report: ReportCase;
  action: 'remove' | 'suspend' | 'dismiss';
  /** The button that asked: focus goes back there on Cancel. */
  returnFocusTo?: HTMLElement | null;
}

export function ConfirmDecisionDialog({
  pending,
  open,
  onClose,
  onConfirm,
  focusAfter,
}: {
  /** Outlives `open` (the last one asked), so the closing dialog keeps its text. */
  pending: PendingDecision | null;
  open: boolean;
  onClose: () => void;
  onConfirm: (notes: string) => void;
  /** Where focus goes when the decided row is gone. */
  focusAfter: RefObject<HTMLElement | null>;
}) {
  const confirmed = useRef(false);
  return (
    <Dialog open={open && pending !== null} onOpenChange={(next) => !next && onClose()}>
      {pending && (
        <DialogContent
          onOpenAutoFocus={() => {
            confirmed.current = false;
          }}
          onCloseAutoFocus={(event) => {
            const target = confirmed.current ? focusAfter.current : pending.returnFocusTo;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <DecisionForm
            key={`${pending.report.id}-${pending.action}`}
            pending={pending}
            onConfirm={(notes) => {
              confirmed.current = true;
              onConfirm(notes);
            }}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function DecisionForm({ pending, onConfirm }: { pending: PendingDecision; onConfirm: (notes: string) => void }) {
  const id = useId();
  const [notes, setNotes] = useState('');
  const { report, action } = pending;
  const t = REPORTS_TEXT.confirm;
  const suspend = action === 'suspend';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(notes);
      }}
    >
      <DialogTitle>{suspend ? t.suspendTitle(report) : t.removeTitle(report)}</DialogTitle>
      <DialogDescription>{suspend ? t.suspendDescription : t.removeDescription}</DialogDescription>
      <blockquote className="mt-3 line-clamp-3 rounded-xl border border-white/10 bg-white/5 px-3 py-2 text-sm text-zinc-200">
        {report.preview}
      </blockquote>
      <div className="mt-4">
        <Label htmlFor={`${id}-notes`}>{t.notes}</Label>
        <Textarea
          id={`${id}-notes`}
          value={notes}
          maxLength={NOTES_MAX}
          placeholder={t.notesPlaceholder}
          aria-describedby={`${id}-counter`}
          onChange={(event) => setNotes(event.target.value)}
          className="min-h-20"
        />
        <p id={`${id}-counter`} className="mt-1 text-right text-xs text-zinc-400 tabular-nums">
          {t.counter(notes.length)}
        </p>
      </div>
      <div className="mt-4 flex gap-3">
        <DialogClose asChild>
          <Button variant="secondary" className="flex-1">
            {t.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" variant="danger" className="flex-1">
          {suspend ? REPORTS_TEXT.suspend : REPORTS_TEXT.remove}
        </Button>
      </div>
    </form>
  );
}
