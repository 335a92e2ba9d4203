//! Every user-visible string of the notifications (issue 21) in one place: the bell, the page,
//! its filters, groups and rows. Components and tests read them from here.
import { countText } from '@/lib/count-text';
import type { NotificationFilter } from './types';

export const NOTIFICATIONS_TEXT = {
  title: 'Notifications',
  /** The bell's accessible name, the count read after it ('Notifications, 3 unread'). */
  bell: 'Notifications',
  bellLabel: (count: number) => (count > 0 ? `Notifications, ${countText(count)} unread` : 'Notifications'),
  filters: 'Filter notifications',
  filter: {
    all: 'All',
    mentions: 'Mentions',
    comments: 'Comments',
    follows: 'Follows',
  } satisfies Record<NotificationFilter, string>,
  groups: { today: 'Today', week: 'This week', earlier: 'Earlier' },
  unread: 'Unread',
  markAllRead: 'Mark all as read',
  markAllFailed: 'Failed to mark your notifications as read. Please try again.',
  loading: 'Loading notifications',
  loadFailed: 'Failed to load notifications',
  loadFailedHint: 'Please try again later.',
  empty: 'No notifications yet',
  emptyHint: 'Likes, comments, mentions and new followers show up here.',
  emptyFiltered: {
    all: 'No notifications yet',
    mentions: 'No mentions yet',
    comments: 'No comments yet',
    follows: 'No follows yet',
  } satisfies Record<NotificationFilter, string>,
  followRequests: 'Follow requests',
} as const;
