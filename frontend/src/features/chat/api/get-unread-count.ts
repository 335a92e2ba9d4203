import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { UnreadCount } from '../types';
import { chatKeys } from './keys';

/** GET /api/conversations/unread-count → {count}: the others' unread messages over all your conversations. */
export async function getUnreadMessagesCount(): Promise<UnreadCount> {
  const res = await apiRequest('GET', '/api/conversations/unread-count');
  return (await res.json()) as UnreadCount;
}

export function unreadMessagesQueryOptions() {
  return queryOptions({ queryKey: chatKeys.unread(), queryFn: getUnreadMessagesCount });
}

/** The Messages tab's count, 0 until known. Refetched on a new message and after reading. */
export function useUnreadMessagesCount(): number {
  return useQuery(unreadMessagesQueryOptions()).data?.count ?? 0;
}
