import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest, pageUrl } from '@/lib/api-client';
import type { CommunityItemKind } from '@/lib/community-actions';
import type { VoiceReactionPage } from '../types';
import { VOICE_REACTIONS_PAGE_SIZE, voiceReactionKeys } from './keys';

/** One page of GET /api/{posts|reels}/{id}/voice-reactions, with its `X-Next-Cursor`. */
export interface HeardPage extends VoiceReactionPage {
  nextCursor: string | null;
}

export function voiceReactionsPath(kind: CommunityItemKind, id: number): string {
  return `/api/${kind === 'post' ? 'posts' : 'reels'}/${id}/voice-reactions`;
}

export async function getVoiceReactions(
  kind: CommunityItemKind,
  id: number,
  before: string | null,
  limit = VOICE_REACTIONS_PAGE_SIZE,
): Promise<HeardPage> {
  const res = await apiRequest('GET', pageUrl(voiceReactionsPath(kind, id), before, limit));
  const page = (await res.json()) as VoiceReactionPage;
  return { ...page, nextCursor: res.headers.get('X-Next-Cursor') || null };
}

export function voiceReactionsQueryOptions(kind: CommunityItemKind, id: number) {
  return infiniteQueryOptions({
    queryKey: voiceReactionKeys.list(kind, id),
    queryFn: ({ pageParam }: { pageParam: string | null }) => getVoiceReactions(kind, id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last: HeardPage) => last.nextCursor,
  });
}

/** The voice reactions the viewer may hear on a post or reel, and the counts on its first page. */
export function useVoiceReactions(kind: CommunityItemKind, id: number) {
  return useInfiniteQuery(voiceReactionsQueryOptions(kind, id));
}

/** The counts by emotion a card shows: a one-item page, so a feed of cards stays light. */
export function useVoiceReactionCounts(kind: CommunityItemKind, id: number) {
  return useQuery(
    queryOptions({
      queryKey: voiceReactionKeys.counts(kind, id),
      queryFn: () => getVoiceReactions(kind, id, null, 1),
      select: (page) => ({ counts: page.counts, total: page.total }),
    }),
  );
}
