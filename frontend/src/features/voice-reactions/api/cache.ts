//! Writes into the cached voice reactions, from the socket's `transcript` event (issue 47; socket
//! events update the TanStack Query caches: there is no second store).
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import type { VoiceReaction } from '../types';
import type { HeardPage } from './get-voice-reactions';
import { voiceReactionKeys } from './keys';

/** A post's or reel's list (pages of reactions), or a card's counts (a one-item page). */
type Cached = InfiniteData<HeardPage> | HeardPage | undefined;

function pagesOf(data: Cached): HeardPage[] {
  if (!data) return [];
  return 'pages' in data ? data.pages : [data];
}

function mapReactions(data: Cached, update: (reaction: VoiceReaction) => VoiceReaction): Cached {
  if (!data) return data;
  const mapPage = (page: HeardPage) => ({ ...page, items: page.items.map(update) });
  return 'pages' in data ? { ...data, pages: data.pages.map(mapPage) } : mapPage(data);
}

/**
 * What a voice reaction says, made by the server: it replaces 'Transcribing…' wherever the
 * reaction is cached. Null means it could not be made: nothing is shown.
 */
export function recordTranscript(queryClient: QueryClient, id: number, transcript: string | null): void {
  queryClient.setQueriesData<Cached>({ queryKey: voiceReactionKeys.all }, (data) =>
    pagesOf(data).some((page) => page.items.some((r) => r.id === id))
      ? mapReactions(data, (r) => (r.id === id ? { ...r, transcript, transcribing: false } : r))
      : data,
  );
}

/** A cached list still waiting for a transcript: after a reconnect its event may have been missed. */
export function awaitsTranscript(query: Query): boolean {
  return pagesOf(query.state.data as Cached).some((page) => page.items.some((r) => r.transcribing));
}
