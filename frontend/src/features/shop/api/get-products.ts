import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Product } from '../types';
import { shopKeys } from './keys';

/** GET /api/products: the whole catalogue (≤ 100 items) in featured order; the one source of prices. */
export async function getProducts(): Promise<Product[]> {
  const res = await apiRequest('GET', '/api/products');
  return (await res.json()) as Product[];
}

export function productsQueryOptions() {
  return queryOptions({ queryKey: shopKeys.products(), queryFn: getProducts });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}
