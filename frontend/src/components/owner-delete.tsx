//! 'Delete …' for something its author made (a post, a reel; issue 43): an item for the thing's
//! '⋯' menu, shown to its author and to an admin, and the 'Delete …?' confirmation it opens. The
//! dialog lives beside the menu, not in it (the menu's items go when it closes); it closes once
//! the server agrees, and a refusal stays in it, to try again.
import type { UseMutationResult } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';

export function useOwnerDelete({
  ownerId,
  noun,
  goesWithIt,
  remove,
}: {
  ownerId: number;
  /** 'post', 'reel': the item says 'Delete post', the dialog 'Delete post?'. */
  noun: string;
  /** What goes with it: 'Its likes and comments'. */
  goesWithIt: string;
  remove: UseMutationResult<void, Error, void>;
}) {
  const viewer = useUser().data;
  const [asking, setAsking] = useState(false);
  if (!viewer || (viewer.id !== ownerId && !viewer.isAdmin)) return { item: null, dialog: null };
  return {
    item: (
      <DropdownMenuItem destructive onSelect={() => setAsking(true)}>
        <Trash2 aria-hidden="true" />
        Delete {noun}
      </DropdownMenuItem>
    ),
    dialog: (
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          setAsking(open);
          if (!open) remove.reset();
        }}
        title={`Delete ${noun}?`}
        description={`${goesWithIt} go with it. This cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.isError ? (errorMessage(remove.error) ?? `Could not delete the ${noun}. Please try again.`) : undefined}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => setAsking(false) })}
      />
    ),
  };
}
