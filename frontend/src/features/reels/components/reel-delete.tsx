//! 'Delete reel' (issue 43): an item of the reel's '⋯' menu for its author (and an admin), which
//! asks 'Delete reel?' first. The dialog lives beside the menu, not in it (the menu's items go
//! when it closes); once deleted, the pager shows the next reel.
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import type { Reel } from '../types';
import { useDeleteReel } from '../api/delete-reel';

export function useReelDelete(reel: Pick<Reel, 'id' | 'user'>) {
  const viewer = useUser().data;
  const [asking, setAsking] = useState(false);
  const remove = useDeleteReel(reel.id, () => setAsking(false));
  if (!viewer || (viewer.id !== reel.user.id && !viewer.isAdmin)) return { item: null, dialog: null };
  return {
    item: (
      <DropdownMenuItem destructive onSelect={() => setAsking(true)}>
        <Trash2 aria-hidden="true" />
        Delete reel
      </DropdownMenuItem>
    ),
    dialog: (
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          setAsking(open);
          if (!open) remove.reset();
        }}
        title="Delete reel?"
        description="Its likes and comments go with it. This cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.isError ? (errorMessage(remove.error) ?? 'Could not delete the reel. Please try again.') : undefined}
        onConfirm={() => remove.mutate()}
      />
    ),
  };
}
