import { Phone } from 'lucide-react';
import { IconButton } from '@/components/ui/icon-button';
import { isActive } from '../call-machine';
import { useCallController, useCallSnapshot } from '../hooks/use-call';
import type { CallPeer } from '../types';

/** The chat header's voice call button: calls the conversation's other participant. */
export function CallButton({ conversationId, peer }: { conversationId: number; peer: CallPeer }) {
  const controller = useCallController();
  const { state } = useCallSnapshot();
  return (
    <IconButton
      label="Voice call"
      icon={Phone}
      iconClassName="size-5"
      disabled={isActive(state)}
      onClick={() => void controller.start({ conversationId, peer })}
      className="text-zinc-300 hover:bg-white/5 hover:text-white disabled:opacity-60"
    />
  );
}
