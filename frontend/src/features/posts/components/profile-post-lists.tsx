//! The two tabs' lists on a profile: a user's posts and the signed-in user's saved posts.
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Bookmark, Camera, Plus } from 'lucide-react';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { flattenPosts } from '../api/cache';
import { useBookmarks } from '../api/get-bookmarks';
import { useUserPosts } from '../api/get-user-posts';
import type { PostPages } from '../api/keys';
import { CreateChooser } from './create-chooser';
import { PostGrid, PostGridSkeleton } from './post-grid';


function PagedGrid({
  query,
  empty,
}: {
  query: UseInfiniteQueryResult<PostPages>;
  empty: ReactNode;
}) {
  if (query.isPending) return <PostGridSkeleton />;
  if (query.isError) return <EmptyState title="Failed to load posts" description="Please try again later." />;
  const posts = flattenPosts(query.data);
  if (posts.length === 0) return <>{empty}</>;
  return (
    <>
      <PostGrid posts={posts} />
      <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
    </>
  );
}

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

export function SavedPostsGrid() {
  return (
    <PagedGrid
      query={useBookmarks()}
      empty={
        <EmptyState
          icon={<Bookmark aria-hidden="true" className="size-6" />}
          title="No Saved Posts"
          description="Posts you save appear here."
        />
      }
    />
  );
}
