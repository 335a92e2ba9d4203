import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { UnreadCount } from '../types';
import { notificationKeys } from './keys';

/** GET /api/notifications/unread-count → {count}, counted to 100. Kept live by the socket's `unreadCount`. */
export async function getUnreadCount(): Promise<UnreadCount> {
  const res = await apiRequest('GET', '/api/notifications/unread-count');
  return (await res.json()) as UnreadCount;
}

export function unreadCountQueryOptions() {
  return queryOptions({ queryKey: notificationKeys.unread(), queryFn: getUnreadCount });
}

/** The unread count, 0 until known. */
export function useUnreadNotifications(): number {
  return useQuery(unreadCountQueryOptions()).data?.count ?? 0;
}
