import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { useRealtimeConnect, useRealtimeEvent } from '@/lib/realtime-provider';
import { voicemailKeys } from '../api/keys';
import { isVoicemailEvent } from '../types';

/**
 * A `voicemail` event refetches the list and the unread count, and says who it is from; so does
 * a reconnect (one may have been missed), quietly.
 */
export function useVoicemailRealtime(): void {
  const queryClient = useQueryClient();

  useRealtimeEvent((event) => {
    if (!isVoicemailEvent(event)) return;
    void queryClient.invalidateQueries({ queryKey: voicemailKeys.all });
    toast({ title: 'New voicemail', description: `From ${event.voicemail.fromUser.displayName}` });
  });

  useRealtimeConnect((reconnected) => {
    if (reconnected) void queryClient.invalidateQueries({ queryKey: voicemailKeys.all });
  });
}
