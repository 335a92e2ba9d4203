import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Checkout } from '../types';
import { ordersKeys } from './keys';

/** GET /api/checkouts/{id}: one of the session user's orders (404 for anyone else's). */
export async function getCheckout(id: number): Promise<Checkout> {
  const res = await apiRequest('GET', `/api/checkouts/${id}`);
  return (await res.json()) as Checkout;
}

export function checkoutQueryOptions(id: number) {
  return queryOptions({ queryKey: ordersKeys.detail(id), queryFn: () => getCheckout(id) });
}

export function useCheckout(id: number) {
  return useQuery(checkoutQueryOptions(id));
}
