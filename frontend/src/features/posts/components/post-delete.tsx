//! 'Delete post' (issue 43): an item of the post's '⋯' menu for its author (and an admin), which
//! asks 'Delete post?' first. The dialog lives beside the menu, not in it (the menu's items go
//! when it closes). Deleted from its own page (/p/{id}), the post's author lands on Home.
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { errorMessage } from '@/lib/api-client';
import { useUser } from '@/lib/auth';
import type { Post } from '@/types/social';
import { useDeletePost } from '../api/delete-post';

export function usePostDelete(post: Pick<Post, 'id' | 'user'>) {
  const viewer = useUser().data;
  const [asking, setAsking] = useState(false);
  const [location, navigate] = useLocation();
  const remove = useDeletePost(post.id, () => {
    setAsking(false);
    if (location === `/p/${post.id}`) navigate('/');
  });
  if (!viewer || (viewer.id !== post.user.id && !viewer.isAdmin)) return { item: null, dialog: null };
  return {
    item: (
      <DropdownMenuItem destructive onSelect={() => setAsking(true)}>
        <Trash2 aria-hidden="true" />
        Delete post
      </DropdownMenuItem>
    ),
    dialog: (
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          setAsking(open);
          if (!open) remove.reset();
        }}
        title="Delete post?"
        description="Its likes, comments and saves go with it. This cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.isError ? (errorMessage(remove.error) ?? 'Could not delete the post. Please try again.') : undefined}
        onConfirm={() => remove.mutate()}
      />
    ),
  };
}
