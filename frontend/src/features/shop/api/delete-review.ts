import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { shopKeys } from './keys';

/** DELETE /api/products/{id}/reviews/mine: the viewer's review goes (204). */
export async function deleteReview(productId: number): Promise<void> {
  await apiRequest('DELETE', `/api/products/${productId}/reviews/mine`);
}

/** Deletes the viewer's review; the product's reviews and every product list (their averages) are read again. */
export function useDeleteReview(productId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shopKeys.writeReview(),
    mutationFn: () => deleteReview(productId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}
