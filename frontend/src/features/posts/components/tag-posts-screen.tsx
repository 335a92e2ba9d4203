//! /explore/tags/{tag} (issue 19): the tag, how many posts carry it, and their grid, newest
//! first, a page at a time. A tag no post has (404) is an empty state.
import { Hash } from 'lucide-react';
import { LoadMore } from '@/components/load-more';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { flattenPosts } from '../api/cache';
import { useTag } from '../api/get-tag';
import { useTagPosts } from '../api/get-tag-posts';
import { plural } from './post-card';
import { PostGrid, PostGridSkeleton } from './post-grid';

export function TagPostsScreen({ tag }: { tag: string }) {
  const summary = useTag(tag);
  const posts = useTagPosts(tag);
  const items = flattenPosts(posts.data);
  const unknown = summary.isSuccess && summary.data === null;

  return (
    <main className="pb-6">
      <header className="flex items-center gap-4 px-4 pt-6 pb-5">
        <span aria-hidden="true" className="grid size-16 shrink-0 place-items-center rounded-full bg-gradient-to-br from-fuchsia-600 to-indigo-600 text-[#fff]">
          <Hash className="size-8" />
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-semibold text-white">#{tag}</h1>
          {summary.isPending ? (
            <Skeleton className="mt-1 h-4 w-20" />
          ) : summary.data ? (
            <p className="text-sm text-zinc-400" data-testid="tag-posts-count">
              {plural(summary.data.postsCount, 'post', 'posts')}
            </p>
          ) : null}
        </div>
      </header>
      {unknown || (posts.isSuccess && items.length === 0) ? (
        <EmptyState
          icon={<Hash aria-hidden="true" className="size-6" />}
          title="No posts yet"
          description={`No post carries #${tag} yet.`}
        />
      ) : posts.isPending ? (
        <PostGridSkeleton />
      ) : posts.isError ? (
        <EmptyState title="Failed to load posts" description="Please try again later." />
      ) : (
        <>
          <PostGrid posts={items} label={`Posts tagged #${tag}`} />
          <LoadMore hasNextPage={posts.hasNextPage} isFetchingNextPage={posts.isFetchingNextPage} fetchNextPage={posts.fetchNextPage} />
        </>
      )}
    </main>
  );
}
