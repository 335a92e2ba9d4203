import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest } from '@/lib/api-client';
import { blobToDataUrl } from '@/lib/blob';
import type { SendVoicemailRequest, Voicemail, VoicemailRecipient } from '../types';
import { voicemailKeys } from './keys';

/** docs/voice-contract.md: a voicemail is at most 30 s. */
export const VOICEMAIL_MAX_SECONDS = 30;

/** POST /api/voicemails → 201 the voicemail (the recipient gets a `voicemail` event). */
export async function sendVoicemail(body: SendVoicemailRequest): Promise<Voicemail> {
  const res = await apiRequest('POST', '/api/voicemails', body);
  return (await res.json()) as Voicemail;
}

export interface VoicemailToSend {
  recipient: VoicemailRecipient;
  blob: Blob;
  seconds: number;
}

/** Sends a recording to someone the user chats with; 'Failed to send voicemail' on failure. */
export function useSendVoicemail() {
  return useMutation({
    mutationKey: voicemailKeys.send(),
    mutationFn: async ({ recipient, blob, seconds }: VoicemailToSend) =>
      sendVoicemail({ toUserId: recipient.id, voiceUrl: await blobToDataUrl(blob), duration: seconds }),
    onSuccess: (_, { recipient }) => toast({ title: 'Voicemail sent', description: `Sent to ${recipient.displayName}` }),
    onError: () => toast({ variant: 'destructive', title: 'Failed to send voicemail' }),
  });
}
