import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, pageUrl, type Page } from '@/lib/api-client';
import type { Post } from '@/types/social';
import { postKeys } from './keys';

/** docs/decisions.md: explore's trending grid shows 12 posts. */
export const TRENDING_LIMIT = 12;

/** GET /api/posts/trending: posts ranked by engagement with time decay. */
export function getTrendingPage(before: string | null, limit = TRENDING_LIMIT): Promise<Page<Post>> {
  return apiPage<Post>(pageUrl('/api/posts/trending', before, limit));
}

/**
 * The first 12 trending posts. Kept as a one-page infinite list, the shape of every post list,
 * so a like or bookmark made elsewhere is written into it too (api/cache.ts).
 */
export function trendingQueryOptions() {
  return infiniteQueryOptions({
    queryKey: postKeys.trending(),
    queryFn: ({ pageParam }) => getTrendingPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: () => null,
  });
}

export function useTrending() {
  return useInfiniteQuery(trendingQueryOptions());
}
