import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { useRealtimeConnect, useRealtimeEvent } from '@/lib/realtime-provider';
import { recordTranscript } from '../api/cache';
import { voicemailKeys } from '../api/keys';
import { isVoicemailEvent, isVoicemailTranscriptEvent } from '../types';

/**
 * A `voicemail` event refetches the list and the unread count, and says who it is from; so does
 * a reconnect (one may have been missed), quietly. A voicemail's `transcript` (issue 47) is
 * written into the cached lists in place.
 */
export function useVoicemailRealtime(): void {
  const queryClient = useQueryClient();

  useRealtimeEvent((event) => {
    if (isVoicemailTranscriptEvent(event)) {
      recordTranscript(queryClient, event.id, event.transcript);
      return;
    }
    if (!isVoicemailEvent(event)) return;
    void queryClient.invalidateQueries({ queryKey: voicemailKeys.all });
    toast({ title: 'New voicemail', description: `From ${event.voicemail.fromUser.displayName}` });
  });

  useRealtimeConnect((reconnected) => {
    if (reconnected) void queryClient.invalidateQueries({ queryKey: voicemailKeys.all });
  });
}
