import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Notification, NotificationFilter } from '../types';
import { notificationKeys, NOTIFICATIONS_PAGE_SIZE } from './keys';

/**
 * GET /api/notifications?filter=…: the latest activity first (a folded one moves up when someone
 * joins it); `X-Next-Cursor` (a notification id) when more follow.
 */
export function getNotificationsPage(filter: NotificationFilter, before: string | null): Promise<Page<Notification>> {
  return apiPage<Notification>(pageUrl(`/api/notifications?filter=${filter}`, before, NOTIFICATIONS_PAGE_SIZE));
}

export function notificationsQueryOptions(filter: NotificationFilter) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(filter),
    ...cursorPaging((before) => getNotificationsPage(filter, before)),
  });
}

export function useNotifications(filter: NotificationFilter) {
  return useInfiniteQuery(notificationsQueryOptions(filter));
}
