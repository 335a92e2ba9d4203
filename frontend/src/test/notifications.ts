//! Fixtures for the notifications: a notification (leo liked your post, unread, an hour ago).
import type { Notification, NotificationActor } from '@/features/notifications/types';

let nextId = 900;

export const leoActor: NotificationActor = { id: 2, username: 'leo', displayName: 'Leo Park', profileImageUrl: null };
export const anaActor: NotificationActor = { id: 3, username: 'ana', displayName: 'Ana Silva', profileImageUrl: '/media/ana.jpg' };
export const samActor: NotificationActor = { id: 4, username: 'sam', displayName: 'Sam Reed', profileImageUrl: null };
export const kimActor: NotificationActor = { id: 5, username: 'kim', displayName: 'Kim Lee', profileImageUrl: null };

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: nextId++,
    kind: 'like',
    actors: [leoActor],
    actorsCount: 1,
    target: {
      type: 'post',
      id: 7,
      preview: null,
      thumbnailUrl: '/media/abc-320.jpg',
      media: [{ url: '/media/abc.jpg', thumbnailUrl: '/media/abc-320.jpg', width: 1080, height: 1080, blurhash: null, alt: '' }],
    },
    text: 'leo liked your post',
    url: '/p/7',
    read: false,
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}
