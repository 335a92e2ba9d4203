//! Profile grids: three columns of thumbnails with their likes and
//! comments counts. A tile opens the post's page, /p/{id} (its card and comments).
import { Copy, Heart, MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Skeleton } from '@/components/ui/skeleton';
import type { Post } from '@/types/social';
import { coverOf, imagesSuffix } from '../post-media';
import { plural, postAlt } from './post-card';
import { PostImage } from './post-image';

export function PostGrid({ posts, label = 'Posts' }: { posts: Post[]; label?: string }) {
  return (
      <ul className="grid grid-cols-3 gap-0.5" aria-label={label}>
        {posts.map((post) => (
          <li key={post.id} className="group relative">
            <Link
              href={`/p/${post.id}`}
              aria-label={`${postAlt(post)}${imagesSuffix(post)}, ${plural(post.likesCount, 'like', 'likes')}, ${plural(post.commentsCount, 'comment', 'comments')}`}
              className="relative block w-full overflow-hidden focus-visible:z-10"
            >
              <PostImage
                square
                {...coverOf(post)}
                className="transition group-hover:brightness-90"
              />
              {post.media.length > 1 && <Copy aria-hidden="true" className="absolute top-1.5 right-1.5 size-4 text-white drop-shadow" />}
            </Link>
            {/* The counts over the picture sit beside the link, not in it: its name says them in
                words, and a name must contain a control's visible text (WCAG 2.5.3). */}
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-x-0 bottom-0 z-20 flex items-center justify-center gap-3 bg-gradient-to-t from-black/70 to-transparent px-1 pt-4 pb-1 text-xs font-semibold text-white"
            >
              <span className="flex items-center gap-1">
                <Heart aria-hidden="true" className="size-3.5 fill-white" />
                {post.likesCount}
              </span>
              <span className="flex items-center gap-1">
                <MessageCircle aria-hidden="true" className="size-3.5 fill-white" />
                {post.commentsCount}
              </span>
            </span>
          </li>
        ))}
      </ul>
  );
}

export function PostGridSkeleton() {
  return (
    <div role="status" aria-label="Loading posts" className="grid grid-cols-3 gap-0.5">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="aspect-square rounded-none" />
      ))}
    </div>
  );
}
