//! A post's full card in a dialog, opened from a grid tile (profile grids, explore's trending),
//! where it can be liked or saved.
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import type { Post } from '@/types/social';
import { PostCard } from './post-card';

/** Open while `post` is set; pass the cache's latest copy so likes and bookmark stay current. */
export function PostDialog({ post, onClose }: { post: Post | null; onClose: () => void }) {
  return (
    <Dialog open={post !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      {post && (
        <DialogContent
          aria-describedby={undefined}
          className="p-0 pt-12"
          // Following the author's link leaves the dialog behind, even to the same profile.
          onClickCapture={(event) => {
            if ((event.target as Element).closest('a')) onClose();
          }}
        >
          <DialogTitle className="sr-only">Post by {post.user.displayName}</DialogTitle>
          <PostCard post={post} />
        </DialogContent>
      )}
    </Dialog>
  );
}
