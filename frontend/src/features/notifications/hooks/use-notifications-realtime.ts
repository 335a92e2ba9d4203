import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeConnect, useRealtimeEvent } from '@/lib/realtime-provider';
import { markCachedRead, putNotificationFirst } from '../api/cache';
import { notificationKeys } from '../api/keys';
import { isNotificationEvent, isUnreadCountEvent, type UnreadCount } from '../types';

/**
 * The notifications' socket events, written into the caches (no second store): a
 * `notification` goes to the top of the cached lists it belongs in (replacing its old place: a
 * folded one moves up), an `unreadCount` is the badge's count, and a count that fell (a read on
 * another device) reaches the rows' marks. After a reconnect everything is fetched again, since
 * events may have been missed.
 */
export function useNotificationsRealtime(): void {
  const queryClient = useQueryClient();

  useRealtimeEvent((event) => {
    if (isNotificationEvent(event)) putNotificationFirst(queryClient, event.notification);
    else if (isUnreadCountEvent(event)) {
      const before = queryClient.getQueryData<UnreadCount>(notificationKeys.unread())?.count;
      queryClient.setQueryData<UnreadCount>(notificationKeys.unread(), { count: event.count });
      // Read (or taken back) on another device too: nothing unread is every row read; a
      // smaller count fetches the shown lists again, since it does not say which.
      if (event.count === 0) markCachedRead(queryClient, null);
      else if (before !== undefined && event.count < before) {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(), refetchType: 'active' });
      }
    }
  });

  useRealtimeConnect((reconnected) => {
    if (reconnected) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
}
