import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { UnreadCount } from '../types';
import { voicemailKeys } from './keys';

/** GET /api/voicemails/unread → {count}: the header's '{n} new'. */
export async function getUnreadCount(): Promise<UnreadCount> {
  const res = await apiRequest('GET', '/api/voicemails/unread');
  return (await res.json()) as UnreadCount;
}

export function unreadCountQueryOptions() {
  return queryOptions({ queryKey: voicemailKeys.unread(), queryFn: getUnreadCount });
}

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
