import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeConnect, useRealtimeEvent } from '@/lib/realtime-provider';
import { putNotificationFirst } from '../api/cache';
import { notificationKeys } from '../api/keys';
import { isNotificationEvent, isUnreadCountEvent, type UnreadCount } from '../types';

/**
 * The notifications' socket events, written into the caches (no second store): a
 * `notification` goes to the top of the cached lists it belongs in (replacing its old place: a
 * folded one moves up), an `unreadCount` is the badge's count. After a reconnect everything is
 * fetched again, since events may have been missed.
 */
export function useNotificationsRealtime(): void {
  const queryClient = useQueryClient();

  useRealtimeEvent((event) => {
    if (isNotificationEvent(event)) putNotificationFirst(queryClient, event.notification);
    else if (isUnreadCountEvent(event)) queryClient.setQueryData<UnreadCount>(notificationKeys.unread(), { count: event.count });
  });

  useRealtimeConnect((reconnected) => {
    if (reconnected) void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  });
}
