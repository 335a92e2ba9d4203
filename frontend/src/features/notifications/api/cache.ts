//! Writes into the cached notification lists, shared by the mark-read mutations and the socket's
//! events (no second store): every filter's list is an infinite query under
//! `notificationKeys.lists()`.
import type { QueryClient } from '@tanstack/react-query';
import { matchesFilter, parseFilter, type Notification } from '../types';
import { notificationKeys, type NotificationPages } from './keys';

function mapAll(queryClient: QueryClient, update: (data: NotificationPages) => NotificationPages): void {
  queryClient.setQueriesData<NotificationPages>({ queryKey: notificationKeys.lists() }, (data) => (data ? update(data) : data));
}

/**
 * A new or grown notification goes to the top of each cached list it belongs in, leaving the
 * place it had (a folded one moves up). A list never loaded is left alone (it loads with it).
 */
export function putNotificationFirst(queryClient: QueryClient, notification: Notification): void {
  for (const [queryKey, data] of queryClient.getQueriesData<NotificationPages>({ queryKey: notificationKeys.lists() })) {
    if (!data) continue;
    const filter = parseFilter(String(queryKey[2] ?? 'all'));
    if (!matchesFilter(notification, filter)) continue;
    const pages = data.pages.map((page) => ({ ...page, items: page.items.filter((n) => n.id !== notification.id) }));
    const [first, ...rest] = pages;
    const top = first ?? { items: [], nextCursor: null };
    queryClient.setQueryData<NotificationPages>(queryKey, {
      pageParams: data.pageParams.length ? data.pageParams : [null],
      pages: [{ ...top, items: [notification, ...top.items] }, ...rest],
    });
  }
}

/** Marks the given notifications (or all, for `ids` null) read in every cached list. */
export function markCachedRead(queryClient: QueryClient, ids: number[] | null): void {
  const wanted = ids === null ? null : new Set(ids);
  mapAll(queryClient, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((n) => (!n.read && (wanted === null || wanted.has(n.id)) ? { ...n, read: true } : n)),
    })),
  }));
}
