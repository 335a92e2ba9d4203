import { useLocation } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import { useCreateConversation } from '../api/create-conversation';

/**
 * Starts (or reopens) the conversation with a user and opens it at /chat/{id}, with the spec's
 * toasts: 'Success: Conversation started!' (unless `quiet`: the caller has said what is
 * happening already, as the skill matcher's 'Connection Initiated' does) or 'Error: Failed to
 * start conversation'.
 */
export function useStartConversation() {
  const start = useCreateConversation();
  const [, navigate] = useLocation();
  const open = (userId: number, onStarted?: () => void, { quiet = false } = {}) =>
    start.mutate(userId, {
      onSuccess: (conversation) => {
        if (!quiet) toast({ title: 'Success', description: 'Conversation started!' });
        onStarted?.();
        navigate(`/chat/${conversation.id}`);
      },
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to start conversation' }),
    });
  return { open, isPending: start.isPending };
}
