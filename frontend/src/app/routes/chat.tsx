//! /chat and /chat/{conversationId}: the chat screen, given the users feature's
//! search for its 'Start New Chat' dialog and the calls feature's voice call button.
import { useQuery } from '@tanstack/react-query';
import { Redirect, useParams } from 'wouter';
import { CallButton } from '@/features/calls/components/call-button';
import { chatKeys } from '@/features/chat/api/keys';
import { ChatScreen, type RenderCallButton } from '@/features/chat/components/chat-screen';
import type { UserSearchHook } from '@/features/chat/components/new-chat-dialog';
import { searchUsersQueryOptions } from '@/features/users/api/search-users';
import { useErrorToast } from '@/hooks/use-error-toast';
import { isUnauthorized } from '@/hooks/use-session-expiry';

/**
 * The users feature's search (GET /api/search/users, only for a non-empty trimmed query) under
 * the chat's keys, so that a 401 from the dialog is the chat's 'Session Expired';
 * any other failure says 'Failed to search users'. Other screens' searches keep the users keys.
 */
const useChatUserSearch: UserSearchHook = (query) => {
  const result = useQuery(searchUsersQueryOptions(query, chatKeys.userSearch));
  // On a 401 'Session Expired' is the toast (one shows at a time: this one would replace it).
  useErrorToast(isUnauthorized(result.error) ? null : result.error, 'Failed to search users');
  return result;
};

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
  return <ChatScreen conversationId={conversationId} useUserSearch={useChatUserSearch} renderCallButton={renderCallButton} />;
}
