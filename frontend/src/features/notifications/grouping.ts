//! The page's groups: 'Today' (since local midnight), 'This week' (the six days before), and
//! 'Earlier', by each notification's `createdAt` (its latest act). Pure, so it is tested apart.
import type { Notification } from './types';

export type GroupId = 'today' | 'week' | 'earlier';

export interface NotificationGroup {
  id: GroupId;
  items: Notification[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which group a time falls in, seen at `now` (local days). */
export function groupOf(createdAt: string, now: Date = new Date()): GroupId {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const at = new Date(createdAt).getTime();
  if (!(at < midnight)) return 'today'; // also a clock a little ahead of ours, or a bad date
  if (at >= midnight - 6 * DAY_MS) return 'week';
  return 'earlier';
}

/** The list cut into its non-empty groups, in order; the items keep the list's order. */
export function groupNotifications(items: Notification[], now: Date = new Date()): NotificationGroup[] {
  const groups: NotificationGroup[] = [
    { id: 'today', items: [] },
    { id: 'week', items: [] },
    { id: 'earlier', items: [] },
  ];
  for (const item of items) groups.find((group) => group.id === groupOf(item.createdAt, now))!.items.push(item);
  return groups.filter((group) => group.items.length > 0);
}
