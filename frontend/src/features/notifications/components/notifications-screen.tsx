//! The Notifications page (issue 21): the filters along the top (All, Mentions, Comments,
//! Follows: `?filter=`), what the page hands in above the list (the users feature's follow
//! requests), then the notifications grouped Today / This week / Earlier, newest first, with
//! 'Mark all as read'. Older ones load as the list is scrolled; the socket puts new ones on top.
import { BellOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useNotifications } from '../api/get-notifications';
import { useUnreadNotifications } from '../api/get-unread-count';
import { useMarkNotificationsRead } from '../api/mark-read';
import { groupNotifications } from '../grouping';
import { NOTIFICATIONS_TEXT as TEXT } from '../notifications-text';
import { NOTIFICATION_FILTERS, parseFilter, type Notification, type NotificationFilter } from '../types';
import { NotificationRow } from './notification-row';

function filterHref(filter: NotificationFilter): string {
  return filter === 'all' ? '/notifications' : `/notifications?filter=${filter}`;
}

function Filters({ current }: { current: NotificationFilter }) {
  return (
    <nav aria-label={TEXT.filters} className="-mx-4 overflow-x-auto px-4">
      <ul className="flex gap-1.5 sm:gap-2">
        {NOTIFICATION_FILTERS.map((filter) => (
          <li key={filter}>
            <Link
              href={filterHref(filter)}
              aria-current={filter === current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-11 items-center rounded-full px-3.5 text-sm font-semibold whitespace-nowrap transition sm:px-4',
                filter === current ? 'bg-white text-zinc-950' : 'border border-white/10 bg-white/5 text-zinc-200 hover:bg-white/10',
              )}
            >
              {TEXT.filter[filter]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Loading() {
  return (
    <div role="status" aria-label={TEXT.loading} className="space-y-3">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex items-center gap-3 px-3">
          <Skeleton className="size-11 rounded-full" />
          <Skeleton className="h-4 flex-1" />
        </div>
      ))}
    </div>
  );
}

function NotificationList({ filter }: { filter: NotificationFilter }) {
  const list = useNotifications(filter);
  const markRead = useMarkNotificationsRead();
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  const open = (notification: Notification) => {
    if (!notification.read) markRead.mutate({ ids: [notification.id] });
  };

  if (list.isPending) return <Loading />;
  if (list.isError) return <EmptyState title={TEXT.loadFailed} description={TEXT.loadFailedHint} />;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<BellOff aria-hidden="true" className="size-6" />}
        title={TEXT.emptyFiltered[filter]}
        description={filter === 'all' ? TEXT.emptyHint : undefined}
      />
    );
  }
  return (
    <>
      {groupNotifications(items).map((group) => (
        <section key={group.id} aria-labelledby={`notifications-${group.id}`} className="space-y-1">
          <h2 id={`notifications-${group.id}`} className="px-3 pt-2 text-sm font-semibold text-zinc-300">
            {TEXT.groups[group.id]}
          </h2>
          <ul aria-label={TEXT.groups[group.id]} className="space-y-1">
            {group.items.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} onOpen={open} />
            ))}
          </ul>
        </section>
      ))}
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
    </>
  );
}

function MarkAllRead({ filter }: { filter: NotificationFilter }) {
  const count = useUnreadNotifications();
  const list = useNotifications(filter);
  const markRead = useMarkNotificationsRead();
  const anyUnread = count > 0 || (list.data?.pages.some((page) => page.items.some((n) => !n.read)) ?? false);
  if (!anyUnread) return null;
  return (
    <Button variant="link" className="shrink-0 text-sm" onClick={() => markRead.mutate({ all: true })}>
      {TEXT.markAllRead}
    </Button>
  );
}

/** `followRequests`: shown above the list in All and Follows (the page hands in the users feature's). */
export function NotificationsScreen({ followRequests }: { followRequests?: ReactNode }) {
  const filter = parseFilter(new URLSearchParams(useSearch()).get('filter'));
  return (
    <main className="space-y-4 px-4 pt-6 pb-6">
      <header className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-white">{TEXT.title}</h1>
        <MarkAllRead filter={filter} />
      </header>
      <Filters current={filter} />
      {(filter === 'all' || filter === 'follows') && followRequests}
      <div className="-mx-2 space-y-4">
        <NotificationList key={filter} filter={filter} />
      </div>
    </main>
  );
}
