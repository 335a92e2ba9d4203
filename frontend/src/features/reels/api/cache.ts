//! Writes to every cached reel list at once (the pager and a profile's REELS tab).
import type { QueryClient } from '@tanstack/react-query';
import type { Reel } from '../types';
import { reelKeys, type ReelPages } from './keys';

/** Applies `update` to reel `reelId` wherever it is cached. */
export function updateCachedReel(queryClient: QueryClient, reelId: number, update: (reel: Reel) => Reel): void {
  queryClient.setQueriesData<ReelPages>({ queryKey: reelKeys.all }, (data) => {
    if (!data?.pages) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      if (!page.items.some((reel) => reel.id === reelId)) return page;
      changed = true;
      return { ...page, items: page.items.map((reel) => (reel.id === reelId ? update(reel) : reel)) };
    });
    return changed ? { ...data, pages } : data;
  });
}
