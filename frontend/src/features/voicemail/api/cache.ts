//! Writes into the cached voicemail lists, shared by a listen's answer and the socket's
//! `transcript` event (socket events update the TanStack Query caches: there is no second store).
import type { QueryClient } from '@tanstack/react-query';
import type { Voicemail } from '../types';
import { voicemailKeys, type VoicemailPages } from './keys';

/** Applies `update` to voicemail `id` in every cached list: the whole one and each search (issue 47). */
export function updateVoicemail(queryClient: QueryClient, id: number, update: (voicemail: Voicemail) => Voicemail): void {
  queryClient.setQueriesData<VoicemailPages>({ queryKey: voicemailKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({ ...page, items: page.items.map((v) => (v.id === id ? update(v) : v)) })),
        }
      : data,
  );
}

/**
 * What a voicemail says, made by the server (issue 47): it replaces 'Transcribing…'. Null means
 * it could not be made: nothing is shown.
 */
export function recordTranscript(queryClient: QueryClient, id: number, transcript: string | null): void {
  updateVoicemail(queryClient, id, (v) => ({ ...v, transcript, transcribing: false }));
}
