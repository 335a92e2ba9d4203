//! Explore's trending grid: the first 12 trending posts in a two-column (three on a laptop)
//! masonry (CSS columns, each tile at its image's own shape), with a slot after every 4th post
//! that the page fills (explore puts an ad there). A tile opens the post's page, /p/{id}.
import { Heart, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { InterstitialItems } from '@/components/interstitial-items';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import type { Post } from '@/types/social';
import { flattenPosts } from '../api/cache';
import { useTrending } from '../api/get-trending';
import { coverOf, imagesSuffix } from '../post-media';
import { plural, postAlt } from './post-card';
import { PostImage } from './post-image';

/** docs/decisions.md: an ad follows every 4th post. */
export const INTERSTITIAL_EVERY = 4;

const itemClass = 'mb-3 break-inside-avoid';

/**
 * The tile's name starts with what it shows, '{name} {likes}' (WCAG 2.5.3: a speech user says
 * what they see), then the caption the picture stands for.
 */
function TrendingTile({ post }: { post: Post }) {
  return (
    <Link
      href={`/p/${post.id}`}
      aria-label={`${post.user.displayName}, ${plural(post.likesCount, 'like', 'likes')}: ${postAlt(post)}${imagesSuffix(post)}`}
      className="group block w-full overflow-hidden rounded-2xl border border-white/10 bg-zinc-900/60 text-left"
    >
      <PostImage
        {...coverOf(post)}
        className="transition group-hover:brightness-90"
      />
      <span aria-hidden="true" className="flex items-center gap-2 px-2.5 py-2">
        <Avatar src={post.user.profileImage} name={post.user.displayName} className="size-6 text-[0.625rem]" />
        <span className="min-w-0 flex-1 truncate text-xs font-medium text-zinc-200">{post.user.displayName}</span>{' '}
        <span className="flex shrink-0 items-center gap-1 text-xs text-zinc-400">
          <Heart className={post.isLiked ? 'size-3.5 fill-rose-500 text-rose-500' : 'size-3.5'} />
          {post.likesCount.toLocaleString('en-US')}
        </span>
      </span>
    </Link>
  );
}

function TrendingSkeleton() {
  const heights = ['h-56', 'h-40', 'h-48', 'h-64', 'h-44', 'h-52'];
  return (
    <div role="status" aria-label="Loading trending posts" className="columns-2 gap-3 lg:columns-3">
      {heights.map((height, i) => (
        <Skeleton key={i} className={`${itemClass} ${height} rounded-2xl`} />
      ))}
    </div>
  );
}

/**
 * `interstitial(slot)` renders what follows the (slot + 1) × 4th post (slot 0 after the 4th,
 * 1 after the 8th…); returning null leaves no gap.
 */
export function TrendingGrid({ interstitial }: { interstitial?: (slot: number) => ReactNode }) {
  const trending = useTrending();
  const posts = flattenPosts(trending.data);

  let body: ReactNode;
  if (trending.isPending) body = <TrendingSkeleton />;
  else if (trending.isError) body = <EmptyState title="Failed to load trending posts" description="Please try again later." />;
  else if (posts.length === 0)
    body = (
      <EmptyState
        icon={<TrendingUp aria-hidden="true" className="size-6" />}
        title="Nothing trending yet"
        description="Posts that creators like and save show up here."
      />
    );
  else
    body = (
      <ul aria-label="Trending posts" className="columns-2 gap-3 lg:columns-3">
        <InterstitialItems
          items={posts}
          every={INTERSTITIAL_EVERY}
          interstitial={interstitial}
          renderItem={(post) => <TrendingTile post={post} />}
          itemClassName={itemClass}
          slotClassName={itemClass}
        />
      </ul>
    );

  return (
    <section aria-labelledby="trending-heading">
      <h2 id="trending-heading" className="mb-3 text-lg font-semibold text-white">
        Trending
      </h2>
      {body}
    </section>
  );
}
