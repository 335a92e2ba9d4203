import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Product, WorkChangeRequest } from '../types';
import { shopKeys } from './keys';

/** PATCH /api/products/{id} → the changed work (the seller only). */
export async function updateWork(id: number, change: WorkChangeRequest): Promise<Product> {
  const res = await apiRequest('PATCH', `/api/products/${id}`, change);
  return (await res.json()) as Product;
}

export function useUpdateWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: shopKeys.updateWork(),
    mutationFn: ({ id, change }: { id: number; change: WorkChangeRequest }) => updateWork(id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.works() }),
  });
}
