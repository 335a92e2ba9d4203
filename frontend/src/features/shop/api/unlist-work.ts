import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest, type Page } from '@/lib/api-client';
import type { Product } from '../types';
import { shopKeys } from './keys';

/** DELETE /api/products/{id} → 204: the work leaves every list and cannot be bought; orders keep it. */
export async function unlistWork(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/products/${id}`);
}

/** Unlists a work: it leaves every loaded list at once, then the lists are refetched. */
export function useUnlistWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shopKeys.unlistWork(),
    mutationFn: unlistWork,
    onSuccess: (_, id) => {
      queryClient.setQueriesData<InfiniteData<Page<Product>>>({ queryKey: shopKeys.works() }, (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((work) => work.id !== id) })) },
      );
      return queryClient.invalidateQueries({ queryKey: shopKeys.works() });
    },
  });
}
