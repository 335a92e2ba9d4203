//! A user's posts on their profile (the SAVED tab's lists: saved-collections.tsx).
import { useState } from 'react';
import { Camera, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { useUserPosts } from '../api/get-user-posts';
import { CreateChooser } from './create-chooser';
import { PagedGrid } from './paged-grid';


/** Your own empty profile's way in (issue 41): the create chooser, without its floating button. */
function ShareFirstPost() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button aria-haspopup="dialog" className="mt-4" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" className="size-4" />
        Share your first post
      </Button>
      <CreateChooser open={open} onOpenChange={setOpen} floatingButton={false} />
    </>
  );
}

/** `own`: the signed-in user's profile, whose empty grid offers 'Share your first post'. */
export function UserPostsGrid({ userId, own = false }: { userId: number; own?: boolean }) {
  return (
    <PagedGrid
      query={useUserPosts(userId)}
      empty={
        <EmptyState
          icon={<Camera aria-hidden="true" className="size-6" />}
          title="No Posts Yet"
          description="Start sharing your creative work!"
        >
          {own && <ShareFirstPost />}
        </EmptyState>
      }
    />
  );
}
