import type { ReactNode } from 'react';
import { LoadMore } from '@/components/load-more';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

/** What `PagedList` reads of an infinite query. */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * An infinite query's items as a titled card list: a skeleton while the first page loads,
 * 'Failed to load …' when nothing could be loaded, `empty` when there is nothing, else the list
 * and the way to the next page (loaded as it nears the viewport unless `auto` is false: then
 * on 'Load more' only). A failed next page keeps what is shown and says so.
 */
export function PagedList<T>({
  query,
  items,
  label,
  failedTitle,
  empty,
  skeletonClassName = 'h-32',
  auto = true,
  children,
}: {
  query: PagedQuery;
  items: T[];
  label: string;
  failedTitle: string;
  empty: ReactNode;
  skeletonClassName?: string;
  auto?: boolean;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) return <Skeleton className={cn('rounded-2xl', skeletonClassName)} />;
  if (query.isError && items.length === 0) return <EmptyState title={failedTitle} description="Please try again later." className="py-8" />;
  if (items.length === 0) return empty;
  return (
    <>
      <ul aria-label={label} className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-zinc-900/70">
        {items.map(children)}
      </ul>
      {query.isFetchNextPageError && <p className="text-sm text-red-300">Failed to load more. Please try again.</p>}
      <LoadMore auto={auto} hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
    </>
  );
}
