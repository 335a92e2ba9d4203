//! The home gallery: every post, newest first,
//! loaded a page at a time as the reader scrolls.
import { ImagePlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { flattenPosts } from '../api/cache';
import { useFeed } from '../api/get-feed';
import { PostCard } from './post-card';
import { PostCardSkeleton } from './post-card-skeleton';

/**
 * `tilt3d`: the home page's 3D view mode (cards tilt on hover and zoom on click). `renderEmpty`
 * replaces what an empty gallery shows (Home's people to follow, issue 41), given the default.
 */
export function PostFeed({
  tilt3d = false,
  renderEmpty = (fallback) => fallback,
}: {
  tilt3d?: boolean;
  renderEmpty?: (fallback: ReactNode) => ReactNode;
}) {
  const feed = useFeed();
  const posts = flattenPosts(feed.data);

  return (
    <section aria-labelledby="gallery-heading" className="space-y-4">
      <h2 id="gallery-heading" className="text-lg font-semibold text-white">
        Creative Projects Gallery
      </h2>
      {feed.isPending ? (
        <div role="status" aria-label="Loading posts" className="space-y-4">
          <PostCardSkeleton />
          <PostCardSkeleton />
        </div>
      ) : feed.isError ? (
        <EmptyState title="Failed to load posts" description="Check your connection and try again.">
          <Button variant="secondary" className="mt-4" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : posts.length === 0 ? (
        renderEmpty(
          <EmptyState
            icon={<ImagePlus aria-hidden="true" className="size-6" />}
            title="No posts yet"
            description="Be the first to share your creative work!"
          />,
        )
      ) : (
        <>
          <div className="space-y-4">
            {posts.map((post) => (
              <PostCard key={post.id} post={post} tilt3d={tilt3d} />
            ))}
          </div>
          {feed.isFetchingNextPage && <PostCardSkeleton />}
          <LoadMore
            hasNextPage={feed.hasNextPage}
            isFetchingNextPage={feed.isFetchingNextPage}
            fetchNextPage={feed.fetchNextPage}
          />
        </>
      )}
    </section>
  );
}
