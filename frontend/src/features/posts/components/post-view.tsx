//! /p/{id} (issue 19): one post, fetched by id so the address is a real deep link (404 'Post
//! not found' is an empty state). The page puts the comments beside it (`comments`): under the
//! card on a phone; from 1024 px the card is Instagram's desktop post, filling the window: the
//! picture at the left, the header, actions, caption and comments at the right (issue 43: the
//! caption and the actions are never below the fold).
import { ImageOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useIsDesktop } from '@/hooks/use-media-query';
import { EmptyState } from '@/components/ui/empty-state';
import { errorStatus } from '@/lib/api-client';
import type { Post } from '@/types/social';
import { usePost } from '../api/get-post';
import { PostCard } from './post-card';
import { PostCardSkeleton } from './post-card-skeleton';

export function PostView({
  postId,
  comments,
  onComment,
}: {
  postId: number;
  /** The comments panel, given the loaded post (its author may delete any comment on it). */
  comments: (post: Post) => ReactNode;
  onComment?: () => void;
}) {
  const query = usePost(postId);
  const desktop = useIsDesktop();
  const post = query.data;

  if (!post) {
    if (query.isPending)
      return (
        <main className="px-4 pt-6" role="status" aria-label="Loading post">
          <PostCardSkeleton />
        </main>
      );
    const missing = errorStatus(query.error) === 404;
    return (
      <main className="px-4 pt-6">
        <h1 className="sr-only">Post</h1>
        <EmptyState
          icon={<ImageOff aria-hidden="true" className="size-6" />}
          title={missing ? 'Post not found' : 'Failed to load the post'}
          description={missing ? 'It may have been removed.' : 'Please try again later.'}
        >
          <Link href="/explore" className="mt-4 inline-flex min-h-11 items-center text-sm font-semibold text-fuchsia-300 hover:underline">
            Back to Explore
          </Link>
        </EmptyState>
      </main>
    );
  }

  const commentsSection = (
    <section
      aria-labelledby="post-comments-heading"
      className="mt-4 flex flex-col border-t border-white/10 lg:mt-0 lg:min-h-0 lg:flex-1"
    >
      <h2 id="post-comments-heading" className="px-4 pt-3 text-base font-semibold text-white">
        Comments
      </h2>
      {comments(post)}
    </section>
  );

  return (
    <main className="lg:h-dvh lg:min-h-[32rem] lg:px-6 lg:py-6">
      <h1 className="sr-only">Post by {post.user.displayName}</h1>
      {desktop ? (
        <PostCard post={post} onComment={onComment} beside={commentsSection} />
      ) : (
        <>
          <div className="px-4 pt-4">
            <PostCard post={post} onComment={onComment} />
          </div>
          {commentsSection}
        </>
      )}
    </main>
  );
}
