//! /chat and /chat/{conversationId} (spec 001 §2): the chat screen, given the users feature's
//! search for its 'Start New Chat' dialog.
import { Redirect, useParams } from 'wouter';
import { ChatScreen } from '@/features/chat/components/chat-screen';
import { useSearchUsers } from '@/features/users/api/search-users';

export default function ChatPage() {
  const params = useParams<{ conversationId?: string }>();
  const raw = params.conversationId;
  const conversationId = raw === undefined ? null : Number(raw);
  if (conversationId !== null && !(Number.isSafeInteger(conversationId) && conversationId > 0)) {
    return <Redirect to="/chat" replace />;
  }
  return <ChatScreen conversationId={conversationId} useUserSearch={useSearchUsers} />;
}
