import { useMutation, useMutationState, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage, errorStatus } from '@/lib/api-client';
import { blobToDataUrl } from '@/lib/blob';
import type { RealtimeClient } from '@/lib/realtime';
import { useRealtimeClient } from '@/lib/realtime-provider';
import type { Message, ReplyPreview, SendMessageRequest, SendVoiceMessageRequest } from '../types';
import { recordMessage } from './cache';
import { chatKeys } from './keys';

/** The contract's cap on a message's length (after trimming). */
export const MESSAGE_MAX_LENGTH = 4000;
/** docs/voice-contract.md: a chat voice message is at most 60 s. */
export const VOICE_MESSAGE_MAX_SECONDS = 60;

/**
 * POST /api/conversations/{id}/messages → 201 the message (also pushed to every participant's
 * sockets). The `Idempotency-Key` makes a retry of a send the server stored but never answered
 * (its instance died) answer the first message (200) instead of storing it twice.
 */
export async function sendMessage(
  conversationId: number,
  body: SendMessageRequest | SendVoiceMessageRequest,
  idempotencyKey: string,
): Promise<Message> {
  const res = await apiRequest('POST', `/api/conversations/${conversationId}/messages`, body, {
    'Idempotency-Key': idempotencyKey,
  });
  return (await res.json()) as Message;
}

/** What the user sent, shown in the list until the server has it: the optimistic message. */
export interface OutgoingMessage {
  content: string;
  replyTo: ReplyPreview | null;
  createdAt: string;
  /** The send's Idempotency-Key (randomKey), made when it is composed and kept by Retry. */
  key: string;
}

/** A message of the outbox: still sending, or failed and waiting for Retry. */
export interface OutboxItem {
  mutationId: number;
  message: OutgoingMessage;
  failed: boolean;
}

/**
 * A send refused with 403 ('You can't message this account': one of the two blocked the other
 * since the list was loaded). The conversations refetch, so the conversation's `isBlocked` takes
 * the composer away; answers the server's words for the toast, or null for any other failure.
 */
function refusedSend(queryClient: QueryClient, error: unknown): string | null {
  if (errorStatus(error) !== 403) return null;
  void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
  return errorMessage(error);
}

/** Offline: the browser says so, or the realtime socket dropped and is waiting to reconnect. */
function isOffline(client: RealtimeClient | null): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || client?.status === 'waiting';
}

/**
 * Sends a text message. The outbox is the state of these mutations (useOutbox): pending ones
 * show at once, failed ones stay (never garbage-collected) until retried. Sent while offline,
 * a message fails at once rather than waiting. The answer goes into the cache like a socket
 * `newMessage` would, deduplicated by id.
 */
export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  const realtime = useRealtimeClient();
  return useMutation({
    mutationKey: chatKeys.send(conversationId),
    networkMode: 'always',
    gcTime: Infinity,
    mutationFn: async (message: OutgoingMessage) => {
      if (isOffline(realtime)) throw new Error('Offline');
      return sendMessage(
        conversationId,
        {
          content: message.content,
          messageType: 'text',
          ...(message.replyTo ? { replyToId: message.replyTo.id } : {}),
        },
        message.key,
      );
    },
    onSuccess: (message) => {
      recordMessage(queryClient, message);
      // Sent messages are in the cache now; drop the finished sends kept by gcTime: Infinity.
      const cache = queryClient.getMutationCache();
      for (const done of cache.findAll({ mutationKey: chatKeys.send(conversationId), status: 'success' })) {
        cache.remove(done);
      }
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Error', description: refusedSend(queryClient, error) ?? 'Failed to send message' }),
  });
}

/** The conversation's messages still sending or failed, in the order they were sent. */
export function useOutbox(conversationId: number): OutboxItem[] {
  return useMutationState({
    filters: {
      mutationKey: chatKeys.send(conversationId),
      predicate: (mutation) => mutation.state.status === 'pending' || mutation.state.status === 'error',
    },
    select: (mutation) => ({
      mutationId: mutation.mutationId,
      message: mutation.state.variables as OutgoingMessage,
      failed: mutation.state.status === 'error',
    }),
  });
}

/**
 * Retry of a failed message: it leaves the outbox and is sent again as a new send, with the same
 * Idempotency-Key, so a first send the server did store is answered, not repeated.
 */
export function useRetrySend(conversationId: number) {
  const queryClient = useQueryClient();
  const send = useSendMessage(conversationId);
  const { mutate } = send;
  return useCallback(
    (item: OutboxItem) => {
      const cache = queryClient.getMutationCache();
      const failed = cache.getAll().find((m) => m.mutationId === item.mutationId);
      if (failed) cache.remove(failed);
      mutate({ ...item.message, createdAt: new Date().toISOString() });
    },
    [queryClient, mutate],
  );
}

/** A recording to send as a voice message, and the message it answers, if any. */
export interface VoiceRecording {
  blob: Blob;
  seconds: number;
  replyToId?: number;
  /** The send's Idempotency-Key (randomKey), made once per recording sent. */
  key: string;
}

/**
 * Sends a recording as a voice message (docs/voice-contract.md): the audio as a `data:` URL with its length
 * in seconds, and `replyToId` when it answers a message. Not optimistic: the composer's record button shows the send. The answer goes into
 * the cache like a text message's; the toasts are the spec's.
 */
export function useSendVoiceMessage(conversationId: number) {
  const queryClient = useQueryClient();
  const realtime = useRealtimeClient();
  return useMutation({
    mutationKey: chatKeys.sendVoice(conversationId),
    networkMode: 'always',
    mutationFn: async ({ blob, seconds, replyToId, key }: VoiceRecording) => {
      if (isOffline(realtime)) throw new Error('Offline');
      const voiceUrl = await blobToDataUrl(blob);
      return sendMessage(
        conversationId,
        {
          content: '',
          messageType: 'voice',
          voiceUrl,
          duration: seconds,
          // Left out of the JSON when undefined.
          replyToId,
        },
        key,
      );
    },
    onSuccess: (message, { seconds }) => {
      recordMessage(queryClient, message);
      toast({ title: 'Voice message sent!', description: `Sent ${message.duration ?? seconds} second voice message` });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Failed to send',
        description: refusedSend(queryClient, error) ?? 'Could not send voice message. Please try again.',
      }),
  });
}
