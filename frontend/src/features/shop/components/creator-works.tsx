//! Creators' works in the shop (issue 23): the 'From creators' row above the house catalogue (a
//! horizontal scroller of the newest works, with 'See all') and the 'From creators' tab (every
//! work as a grid, a page at a time with 'Load more'). Both read GET /api/products?source=creators.
import { Palette } from 'lucide-react';
import type { ReactNode } from 'react';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreatorWorks } from '../api/get-creator-works';
import type { Product } from '../types';
import { WorkCard } from './work-card';

interface CardProps {
  viewerId: number;
  onAdd: (work: Product) => void;
  /** Shown on the viewer's own works instead of Add to Cart. */
  ownAction: (work: Product) => ReactNode;
}

/** The row: nothing at all while no creator sells anything (or the list failed). */
export function CreatorsRow({ onSeeAll, ...card }: CardProps & { onSeeAll: () => void }) {
  const works = useCreatorWorks();
  const items = works.data?.pages[0]?.items ?? [];
  if (works.isPending)
    return (
      <div role="status" aria-label="Loading creators' works">
        <Skeleton className="h-56 rounded-2xl" />
      </div>
    );
  if (works.isError || items.length === 0) return null;
  return (
    <section aria-labelledby="from-creators-heading" className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <h2 id="from-creators-heading" className="text-lg font-semibold text-white">
          From creators
        </h2>
        <Button variant="link" onClick={onSeeAll}>
          See all
        </Button>
      </div>
      <ul aria-label="From creators" className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2">
        {items.map((work) => (
          <li key={work.id} className="w-40 shrink-0 snap-start">
            <WorkCard work={work} viewerId={card.viewerId} onAdd={card.onAdd} ownAction={card.ownAction(work)} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The tab: every creator's work, newest first, 'Load more' for older ones. */
export function CreatorsGrid(card: CardProps) {
  const works = useCreatorWorks();
  const items = works.data?.pages.flatMap((page) => page.items) ?? [];
  if (works.isPending)
    return (
      <div role="status" aria-label="Loading creators' works" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="aspect-[3/5] rounded-2xl" />
        ))}
      </div>
    );
  if (works.isError)
    return (
      <EmptyState title="Failed to load creators' works" description="Check your connection and try again.">
        <Button variant="secondary" className="mt-4" onClick={() => void works.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  if (items.length === 0)
    return (
      <EmptyState
        icon={<Palette aria-hidden="true" className="size-6" />}
        title="No works from creators yet"
        description="Be the first: sell your work."
      />
    );
  return (
    <>
      <ul aria-label="Creators' works" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {items.map((work) => (
          <li key={work.id}>
            <WorkCard work={work} viewerId={card.viewerId} onAdd={card.onAdd} ownAction={card.ownAction(work)} />
          </li>
        ))}
      </ul>
      <LoadMore hasNextPage={works.hasNextPage} isFetchingNextPage={works.isFetchingNextPage} fetchNextPage={works.fetchNextPage} />
    </>
  );
}
