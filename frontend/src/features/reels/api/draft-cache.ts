//! Writes to the cached pages of your reel drafts (issue 44).
import type { QueryClient } from '@tanstack/react-query';
import type { ReelDraft } from '../types';
import { reelDraftKeys, type ReelDraftPages } from './keys';

/** Replaces draft `draftId` with `update`'s answer, or (`null`) takes it out, wherever it is cached. */
export function updateCachedDraft(queryClient: QueryClient, draftId: number, update: (draft: ReelDraft) => ReelDraft | null): void {
  queryClient.setQueriesData<ReelDraftPages>({ queryKey: reelDraftKeys.all }, (data) => {
    if (!data?.pages) return data;
    if (!data.pages.some((page) => page.items.some((draft) => draft.id === draftId))) return data;
    const pages = data.pages.map((page) => ({
      ...page,
      items: page.items.flatMap((draft) => {
        if (draft.id !== draftId) return [draft];
        const next = update(draft);
        return next ? [next] : [];
      }),
    }));
    return { ...data, pages };
  });
}
