//! A paged grid of posts: skeletons while the first page loads, the grid, 'Load more', and the
//! list's own empty state.
import type { UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadMore } from '@/components/load-more';
import { EmptyState } from '@/components/ui/empty-state';
import { flattenPosts } from '../api/cache';
import type { PostPages } from '../api/keys';
import { PostGrid, PostGridSkeleton } from './post-grid';

export function PagedGrid({
  query,
  empty,
  label,
}: {
  query: UseInfiniteQueryResult<PostPages>;
  empty: ReactNode;
  /** The grid's accessible name ('Posts' when none). */
  label?: string;
}) {
  if (query.isPending) return <PostGridSkeleton />;
  if (query.isError) return <EmptyState title="Failed to load posts" description="Please try again later." />;
  const posts = flattenPosts(query.data);
  if (posts.length === 0) return <>{empty}</>;
  return (
    <>
      <PostGrid posts={posts} label={label} />
      <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
    </>
  );
}
