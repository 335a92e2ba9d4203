import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import type { ShareTarget } from '@/lib/community-actions';
import type { Message } from '../types';
import { recordMessage } from './cache';
import { chatKeys } from './keys';

/** POST /api/posts/{id}/share or /api/reels/{id}/share {conversationId} → 201 the share message. */
export async function shareItem(target: ShareTarget, conversationId: number): Promise<Message> {
  const res = await apiRequest('POST', `/api/${target.kind}s/${target.id}/share`, { conversationId });
  return (await res.json()) as Message;
}

/**
 * Sends a post or reel into a conversation: the message joins the chat's caches as a sent one
 * would (the socket's copy is deduplicated by id), a toast says where it went, `onShared` lets
 * the page refresh the item's shares count.
 */
export function useShareItem(target: ShareTarget, onShared?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: chatKeys.share(target.kind, target.id),
    mutationFn: ({ conversationId }: { conversationId: number; name: string }) => shareItem(target, conversationId),
    onSuccess: (message, { name }) => {
      recordMessage(queryClient, message);
      toast({ title: 'Sent', description: `Shared with ${name}.` });
      onShared?.();
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Not sent', description: errorMessage(error) ?? 'Please try again.' });
    },
  });
}
