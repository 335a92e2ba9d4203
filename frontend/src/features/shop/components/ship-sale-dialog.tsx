//! 'Mark shipped' (issue 42): a small dialog for one physical sale, with an optional tracking
//! note (at most 200 characters, one line) and Confirm; the buyer is told, and the sale shows
//! 'Shipped' with the note once the server answers.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormProblem, Input, Label } from '@/components/ui/input';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { TRACKING_NOTE_MAX, useShipSale } from '../api/ship-sale';
import type { Sale } from '../types';

export function ShipSaleDialog({ sale }: { sale: Sale }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const ship = useShipSale();
  const noteId = useId();
  const problemId = useId();
  const tooLong = note.trim().length > TRACKING_NOTE_MAX;
  const status = errorStatus(ship.error);
  const problem = tooLong
    ? `The tracking note is at most ${TRACKING_NOTE_MAX} characters`
    : ship.isError
      ? ((status !== null && status >= 400 && status < 500 ? errorMessage(ship.error) : null) ?? 'Could not mark it shipped. Please try again.')
      : null;

  function change(next: boolean) {
    setOpen(next);
    if (!next) {
      setNote('');
      ship.reset();
    }
  }

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="min-h-9 px-3 text-xs" aria-label={`Mark shipped: ${sale.productName}`}>
          Mark shipped
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Mark shipped</DialogTitle>
        <DialogDescription>
          {sale.buyer.displayName} is told that {sale.productName} is on its way.
        </DialogDescription>
        <form
          className="mt-4 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (tooLong || ship.isPending) return;
            ship.mutate({ id: sale.id, trackingNote: note }, { onSuccess: () => change(false) });
          }}
        >
          <div>
            <Label htmlFor={noteId}>Tracking note (optional)</Label>
            <Input
              id={noteId}
              value={note}
              maxLength={TRACKING_NOTE_MAX}
              placeholder="Carrier and tracking number"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              onChange={(event) => setNote(event.target.value)}
            />
            <p className="mt-1 text-right text-xs text-zinc-500 tabular-nums">
              {note.trim().length}/{TRACKING_NOTE_MAX}
            </p>
          </div>
          <FormProblem id={problemId}>{problem}</FormProblem>
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={ship.isPending || tooLong}>
              {ship.isPending ? 'Confirming…' : 'Confirm'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
