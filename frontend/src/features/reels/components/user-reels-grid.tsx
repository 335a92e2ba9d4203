//! A profile's REELS tab: the creator's reels as a grid of posters, newest first; a tap opens
//! the pager at that reel (`/reels?reel={id}`).
import { Clapperboard, Film, Play } from 'lucide-react';
import { Link } from 'wouter';
import { LoadMore } from '@/components/load-more';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMSs } from '@/lib/duration';
import { flattenReels } from '../api/keys';
import { useUserReels } from '../api/get-user-reels';
import type { Reel } from '../types';

function reelName(reel: Reel): string {
  return reel.caption ? `Reel: ${reel.caption}` : `Reel by ${reel.user.displayName}`;
}

export function UserReelsGrid({ userId }: { userId: number }) {
  const query = useUserReels(userId);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading reels" className="grid grid-cols-3 gap-0.5">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="aspect-[9/16] rounded-none" />
        ))}
      </div>
    );
  }
  if (query.isError) return <EmptyState title="Failed to load reels" description="Please try again later." />;
  const reels = flattenReels(query.data);
  if (reels.length === 0) {
    return <EmptyState icon={<Clapperboard aria-hidden="true" className="size-6" />} title="No Reels Yet" description="Reels posted here will show up in this tab." />;
  }
  return (
    <>
      <ul aria-label="Reels" className="grid grid-cols-3 gap-0.5">
        {reels.map((reel) => (
          <li key={reel.id}>
            <Link
              href={`/reels?reel=${reel.id}`}
              aria-label={reelName(reel)}
              className="group relative block aspect-[9/16] overflow-hidden bg-zinc-900 focus-visible:z-10"
            >
              {reel.posterUrl ? (
                <img src={reel.posterUrl} alt="" loading="lazy" className="h-full w-full object-cover transition group-hover:brightness-90" />
              ) : (
                <span className="grid h-full w-full place-items-center text-zinc-500">
                  <Film aria-hidden="true" className="size-8" />
                </span>
              )}
              <span aria-hidden="true" className="absolute bottom-1 left-1 flex items-center gap-1 text-xs font-semibold text-white drop-shadow">
                <Play className="size-3.5 fill-white" />
                {formatMSs(reel.duration)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore hasNextPage={query.hasNextPage} isFetchingNextPage={query.isFetchingNextPage} fetchNextPage={query.fetchNextPage} />
    </>
  );
}
