//! Query and mutation keys of the notifications, all under `notificationKeys.all` (the
//! session-expiry root): one list per filter, and the bell's unread count.
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@/lib/api-client';
import type { Notification, NotificationFilter } from '../types';

export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => ['notifications', 'list'] as const,
  list: (filter: NotificationFilter) => ['notifications', 'list', filter] as const,
  unread: () => ['notifications', 'unread'] as const,
  markRead: () => ['notifications', 'read'] as const,
};

export type NotificationPages = InfiniteData<Page<Notification>>;

/** The contract's default, sent explicitly. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
