import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { NOTIFICATIONS_TEXT } from '../notifications-text';
import type { UnreadCount } from '../types';
import { markCachedRead } from './cache';
import { notificationKeys } from './keys';

/** What to mark: some ids (1–100), or every notification. */
export type ReadRequest = { ids: number[] } | { all: true };

/** POST /api/notifications/read {ids} or {all: true} → 204. The sockets then hear the new `unreadCount`. */
export async function markNotificationsRead(request: ReadRequest): Promise<void> {
  await apiRequest('POST', '/api/notifications/read', request);
}

/**
 * Marks notifications read, optimistically: the rows lose their mark and the badge its count at
 * once (the socket's `unreadCount` then says the server's number); on failure the lists and the
 * count are fetched again, and marking all says so with a toast.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: notificationKeys.markRead(),
    mutationFn: markNotificationsRead,
    onMutate: (request) => {
      const ids = 'ids' in request ? request.ids : null;
      markCachedRead(queryClient, ids);
      queryClient.setQueryData<UnreadCount>(notificationKeys.unread(), (count) =>
        count ? { count: ids === null ? 0 : Math.max(0, count.count - ids.length) } : count,
      );
    },
    onError: (_error, request) => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
      if ('all' in request) toast({ variant: 'destructive', title: 'Error', description: NOTIFICATIONS_TEXT.markAllFailed });
    },
  });
}
