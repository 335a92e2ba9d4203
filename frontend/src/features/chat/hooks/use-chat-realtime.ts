import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { toast } from '@/components/ui/use-toast';
import type { User } from '@/lib/auth';
import { userQueryKey } from '@/lib/query-keys';
import { useRealtimeConnect, useRealtimeEvent } from '@/lib/realtime-provider';
import { readSettings } from '@/lib/settings';
import {
  findConversation,
  recordEdit,
  recordMessage,
  recordRead,
  recordTranscript,
  recordUnsent,
  removeConversation,
  removeRequest,
  setPresence,
  upsertConversation,
} from '../api/cache';
import { chatKeys } from '../api/keys';
import { isGroup } from '../conversation';
import { alertNewMessage } from '../message-alerts';
import { isChatEvent } from '../types';

/** The path of an open conversation. */
export function conversationPath(conversationId: number): string {
  return `/chat/${conversationId}`;
}

/**
 * The session user is no longer in a conversation (removed from a group, or they left on another
 * device): it leaves the list, and when it is open the chat list is shown instead. A leave from
 * this device says so itself; otherwise a toast tells why the conversation went.
 */
function dropConversation(
  queryClient: QueryClient,
  conversationId: number,
  open: boolean,
  showList: () => void,
): void {
  const gone = findConversation(queryClient, conversationId);
  removeConversation(queryClient, conversationId);
  removeRequest(queryClient, conversationId);
  if (gone && gone.unreadCount > 0) void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
  if (!open) return;
  showList();
  if (queryClient.isMutating({ mutationKey: chatKeys.leave() }) > 0) return;
  toast({
    title: gone && isGroup(gone) ? (gone.name ?? 'Group') : 'Conversation closed',
    description: gone && isGroup(gone) ? "You're no longer in this group." : 'You left this conversation on another device.',
  });
}

/**
 * The chat's socket events, turned into cache updates (no second store): a new message goes into
 * its conversation's messages (once) and moves the conversation up; a reaction refetches that
 * conversation's messages; presence and another member's read (issue 22) are written into the
 * cached participants; a conversation update (a group made, renamed, given a picture, joined or
 * left) replaces the cached conversation, or drops it when the session user is no longer in it
 * (docs/groups-contract.md); a message request accepted on another device moves to the inbox.
 * An edited or unsent message (issue 43) changes in place, and so does a voice message whose
 * transcript the server has made (issue 47; a voicemail's or voice reaction's is theirs). A message from someone else chimes and notifies as the settings
 * allow (message-alerts.ts). After a reconnect the list and the open messages are refetched,
 * since events may have been missed. Typing is handled where it is shown (use-typing.ts).
 */
export function useChatRealtime(): void {
  const queryClient = useQueryClient();
  // The handler is read afresh for each event (useRealtimeEvent), so it sees the current location.
  const [location, navigate] = useLocation();

  useRealtimeEvent((event) => {
    if (!isChatEvent(event)) return;
    switch (event.type) {
      case 'newMessage': {
        const meId = queryClient.getQueryData<User | null>(userQueryKey)?.id;
        // A message published again (a retried send) is not announced twice.
        if (recordMessage(queryClient, event.message, event.message.sender.id !== meId)) {
          alertNewMessage(event.message, meId, readSettings(queryClient));
        }
        break;
      }
      case 'reaction':
        void queryClient.invalidateQueries({ queryKey: chatKeys.messages(event.conversationId) });
        break;
      case 'presence':
        setPresence(queryClient, event.userId, event.isOnline, event.lastSeen);
        break;
      case 'read':
        recordRead(queryClient, event.conversationId, event.userId, event.messageId);
        break;
      case 'conversationUpdated':
        if (event.conversation === null) {
          const open = location === conversationPath(event.conversationId);
          dropConversation(queryClient, event.conversationId, open, () => navigate('/chat'));
        } else if (event.conversation) {
          if (event.conversation.isRequest) {
            void queryClient.invalidateQueries({ queryKey: chatKeys.requests() });
          } else {
            removeRequest(queryClient, event.conversationId);
            upsertConversation(queryClient, event.conversation);
          }
        } else {
          // A frame without the conversation (an instance older than the groups contract, during
          // a rolling deploy): the list is fetched again instead.
          void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
        }
        break;
      case 'messageEdited':
        recordEdit(queryClient, event.conversationId, event.messageId, event.content, event.editedAt);
        break;
      case 'messageUnsent':
        recordUnsent(queryClient, event.conversationId, event.messageId);
        break;
      case 'transcript':
        if (event.kind === 'message' && event.conversationId !== null) {
          recordTranscript(queryClient, event.conversationId, event.id, event.transcript);
        }
        break;
      case 'typing':
      case 'stopTyping':
        break;
    }
  });

  useRealtimeConnect((reconnected) => {
    if (!reconnected) return;
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    void queryClient.invalidateQueries({ queryKey: chatKeys.messagesAll() });
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
  });
}
