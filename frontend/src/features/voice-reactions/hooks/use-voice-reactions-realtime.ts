import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeConnect, useRealtimeEvent } from '@/lib/realtime-provider';
import { awaitsTranscript, recordTranscript } from '../api/cache';
import { voiceReactionKeys } from '../api/keys';
import { isVoiceReactionTranscriptEvent } from '../types';

/**
 * A voice reaction's `transcript` event (issue 47) is written into the cached lists in place.
 * After a reconnect, the lists still showing 'Transcribing…' are fetched again (their event may
 * have been missed); the cards' counts, which show no transcript, are left alone.
 */
export function useVoiceReactionsRealtime(): void {
  const queryClient = useQueryClient();

  useRealtimeEvent((event) => {
    if (isVoiceReactionTranscriptEvent(event)) recordTranscript(queryClient, event.id, event.transcript);
  });

  useRealtimeConnect((reconnected) => {
    if (reconnected) void queryClient.invalidateQueries({ queryKey: voiceReactionKeys.all, predicate: awaitsTranscript });
  });
}
