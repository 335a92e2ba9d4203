//! Query and mutation keys of reels. Every list under `reelKeys.all` holds pages of reels.
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@/lib/api-client';
import { reelsQueryKey } from '@/lib/query-keys';
import type { Reel, ReelDraft } from '../types';

export const reelKeys = {
  all: reelsQueryKey,
  list: () => ['reels', 'list'] as const,
  byUser: (userId: number) => ['reels', 'user', userId] as const,
  create: () => ['reels', 'create'] as const,
  /** Mutation key: the taps on one reel's heart in flight. */
  like: (reelId: number) => ['reel-like', reelId] as const,
  /** Mutation key: deleting one reel (issue 43). */
  remove: (reelId: number) => ['delete-reel', reelId] as const,
  /** Mutation key: editing one reel's caption (issue 44). */
  edit: (reelId: number) => ['edit-reel', reelId] as const,
  /** A reel's earlier captions (issue 44): pages of versions, not of reels, so not under `all`. */
  history: (reelId: number) => ['reel-history', reelId] as const,
};

/** Your reel drafts (issue 44): pages of drafts, not of reels, so not under `reelKeys.all`. */
export const reelDraftKeys = {
  all: ['reel-drafts'] as const,
  list: () => ['reel-drafts', 'list'] as const,
  /** Mutation keys. */
  create: () => ['reel-drafts', 'create'] as const,
  edit: (draftId: number) => ['edit-reel-draft', draftId] as const,
  remove: (draftId: number) => ['delete-reel-draft', draftId] as const,
  publish: (draftId: number) => ['publish-reel-draft', draftId] as const,
};

export type ReelDraftPages = InfiniteData<Page<ReelDraft>>;

export type ReelPages = InfiniteData<Page<Reel>>;

export const REELS_PAGE_SIZE = 20;

export function flattenReels(data: ReelPages | undefined): Reel[] {
  const seen = new Set<number>();
  const reels: Reel[] = [];
  for (const page of data?.pages ?? []) {
    for (const reel of page.items) {
      if (seen.has(reel.id)) continue;
      seen.add(reel.id);
      reels.push(reel);
    }
  }
  return reels;
}
