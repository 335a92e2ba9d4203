import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Review, ReviewRequest } from '../types';
import { shopKeys } from './keys';

/** PUT /api/products/{id}/reviews/mine → the viewer's review with its new stars and text. */
export async function updateReview(productId: number, review: ReviewRequest): Promise<Review> {
  const res = await apiRequest('PUT', `/api/products/${productId}/reviews/mine`, review);
  return (await res.json()) as Review;
}

/** Edits the viewer's review; the product's reviews and every product list (their averages) are read again. */
export function useUpdateReview(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shopKeys.writeReview(),
    mutationFn: (review: ReviewRequest) => updateReview(productId, review),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}
