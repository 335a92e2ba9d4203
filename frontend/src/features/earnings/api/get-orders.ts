import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPage, pageUrl } from '@/lib/api-client';
import type { Order } from '../types';
import { earningsKeys, RECENT_ORDERS } from './keys';

/** GET /api/orders?limit=5: the session user's latest orders, newest first (Recent Orders). */
export async function getRecentOrders(): Promise<Order[]> {
  return (await apiPage<Order>(pageUrl('/api/orders', null, RECENT_ORDERS))).items.slice(0, RECENT_ORDERS);
}

export function recentOrdersQueryOptions() {
  return queryOptions({ queryKey: earningsKeys.orders(), queryFn: getRecentOrders });
}

export function useRecentOrders() {
  return useQuery(recentOrdersQueryOptions());
}
