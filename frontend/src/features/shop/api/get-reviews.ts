import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest, pageUrl } from '@/lib/api-client';
import type { ProductReviews } from '../types';
import { REVIEWS_PAGE_SIZE, shopKeys } from './keys';

/** One page of GET /api/products/{id}/reviews: the answer and its `X-Next-Cursor` (null on the last page). */
export type ReviewsPage = ProductReviews & { nextCursor: string | null };

/** GET /api/products/{id}/reviews: newest first, with the average, count, `canReview` and `viewerReview`. */
export async function getReviewsPage(productId: number, before: string | null): Promise<ReviewsPage> {
  const res = await apiRequest('GET', pageUrl(`/api/products/${productId}/reviews`, before, REVIEWS_PAGE_SIZE));
  const body = (await res.json()) as ProductReviews;
  return { ...body, nextCursor: res.headers.get('X-Next-Cursor') || null };
}

export function reviewsQueryOptions(productId: number) {
  return infiniteQueryOptions({
    queryKey: shopKeys.reviews(productId),
    queryFn: ({ pageParam }: { pageParam: string | null }) => getReviewsPage(productId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ReviewsPage) => last.nextCursor,
  });
}

/** A product's reviews, page by page (the reviews dialog); nothing is fetched until `enabled`. */
export function useReviews(productId: number, enabled = true) {
  return useInfiniteQuery({ ...reviewsQueryOptions(productId), enabled });
}
