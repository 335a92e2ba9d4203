import { MessageCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useStartConversation } from '../hooks/use-start-conversation';

/** Starts (or reopens) a conversation with a user and opens it at /chat/{id}. */
export function MessageButton({ userId, className }: { userId: number; className?: string }) {
  const start = useStartConversation();
  return (
    <Button variant="secondary" className={className} disabled={start.isPending} onClick={() => start.open(userId)}>
      <MessageCircle aria-hidden="true" className="size-4" />
      Message
    </Button>
  );
}
