import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Review, ReviewRequest } from '../types';
import { shopKeys } from './keys';

/** POST /api/products/{id}/reviews → the new review (a buyer's, once). */
export async function createReview(productId: number, review: ReviewRequest): Promise<Review> {
  const res = await apiRequest('POST', `/api/products/${productId}/reviews`, review);
  return (await res.json()) as Review;
}

/** Writes the viewer's review; the product's reviews and every product list (their averages) are read again. */
export function useCreateReview(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shopKeys.writeReview(),
    mutationFn: (review: ReviewRequest) => createReview(productId, review),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}
