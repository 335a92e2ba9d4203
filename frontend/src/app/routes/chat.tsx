//! /chat and /chat/{conversationId} (spec 001 §2): the chat screen, given the users feature's
//! search for its 'Start New Chat' dialog and the calls feature's voice call button.
import { Redirect, useParams } from 'wouter';
import { CallButton } from '@/features/calls/components/call-button';
import { ChatScreen, type RenderCallButton } from '@/features/chat/components/chat-screen';
import { useSearchUsers } from '@/features/users/api/search-users';

const renderCallButton: RenderCallButton = ({ conversationId, user }) => (
  <CallButton
    conversationId={conversationId}
    peer={{ id: user.id, displayName: user.displayName, profileImageUrl: user.profileImage }}
  />
);

export default function ChatPage() {
  const params = useParams<{ conversationId?: string }>();
  const raw = params.conversationId;
  const conversationId = raw === undefined ? null : Number(raw);
  if (conversationId !== null && !(Number.isSafeInteger(conversationId) && conversationId > 0)) {
    return <Redirect to="/chat" replace />;
  }
  return <ChatScreen conversationId={conversationId} useUserSearch={useSearchUsers} renderCallButton={renderCallButton} />;
}
