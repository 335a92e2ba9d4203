//! The notifications' wire types, all from the server's OpenAPI document (api.gen.ts,
//! docs/notifications-contract.md): the list's item, the unread count, the filters, and the
//! socket's `notification` and `unreadCount` frames picked from `ServerEvent`.
import type { ServerEvent } from '@/lib/realtime';
import type { components, operations } from '@/types/api.gen';

type Schemas = components['schemas'];

/** Something that happened to the reader ('leo and 3 others liked your post'). */
export type Notification = Schemas['Notification'];
export type NotificationKind = Schemas['NotificationKind'];
export type NotificationActor = Schemas['UserCard'];
/** {count}: the unread notifications, counted to 100 (the badge reads '99+'). */
export type UnreadCount = Schemas['UnreadCount'];

/** `?filter=` of GET /api/notifications (and of the page's address). */
export type NotificationFilter = NonNullable<NonNullable<operations['list_notifications']['parameters']['query']>['filter']>;

export const NOTIFICATION_FILTERS: readonly NotificationFilter[] = ['all', 'mentions', 'comments', 'follows'];

/** The page's `?filter=` value, `all` for anything else. */
export function parseFilter(value: string | null): NotificationFilter {
  return NOTIFICATION_FILTERS.find((filter) => filter === value) ?? 'all';
}

/** Whether a notification belongs in a filter's list (the server's rule, for live events). */
export function matchesFilter(notification: Notification, filter: NotificationFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'mentions':
      return notification.kind === 'mention';
    case 'comments':
      return notification.kind === 'comment' || notification.kind === 'reply';
    case 'follows':
      return notification.kind === 'follow' || notification.kind === 'follow_request' || notification.kind === 'follow_accepted';
  }
}

export type NotificationEvent = Extract<ServerEvent, { type: 'notification' }>;
export type UnreadCountEvent = Extract<ServerEvent, { type: 'unreadCount' }>;

export function isNotificationEvent(event: ServerEvent): event is NotificationEvent {
  return event.type === 'notification';
}

export function isUnreadCountEvent(event: ServerEvent): event is UnreadCountEvent {
  return event.type === 'unreadCount' && typeof event.count === 'number';
}
