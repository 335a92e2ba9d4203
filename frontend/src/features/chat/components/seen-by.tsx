//! 'Seen by n' under your newest message in a group that anyone else has read (issue 22); a tap
//! shows who, in a small dialog.
import { useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { namesList, type SeenBy } from '../conversation';

export function seenByText(count: number): string {
  return `Seen by ${count}`;
}

export function SeenByLine({ seen }: { seen: SeenBy }) {
  const [open, setOpen] = useState(false);
  const names = seen.readers.map((user) => user.displayName);
  return (
    <li data-testid="seen-by" className="-mt-1 flex justify-end pr-1">
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        // The ::before stretches the touch target without a taller line.
        className="relative min-h-6 px-1 text-xs text-zinc-400 underline-offset-2 before:absolute before:inset-x-0 before:-inset-y-2.5 hover:text-zinc-200 hover:underline"
      >
        {seenByText(seen.readers.length)}
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Seen by</DialogTitle>
          <DialogDescription className="sr-only">{namesList(names)}</DialogDescription>
          <ul aria-label="Seen by" className="mt-3 space-y-1">
            {seen.readers.map((user) => (
              <li key={user.id} className="flex min-h-11 items-center gap-3">
                <span aria-hidden="true">
                  <Avatar src={user.profileImage} name={user.displayName} className="size-9 text-sm" />
                </span>
                <span className="min-w-0 truncate font-medium text-white">{user.displayName}</span>
              </li>
            ))}
          </ul>
        </DialogContent>
      </Dialog>
    </li>
  );
}
