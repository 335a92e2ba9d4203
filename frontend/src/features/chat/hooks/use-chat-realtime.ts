import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@/lib/auth';
import { userQueryKey } from '@/lib/query-keys';
import { useRealtimeConnect, useRealtimeEvent } from '@/lib/realtime-provider';
import { readSettings } from '@/lib/settings';
import { recordMessage, recordRead, setPresence } from '../api/cache';
import { chatKeys } from '../api/keys';
import { alertNewMessage } from '../message-alerts';
import { isChatEvent } from '../types';

/**
 * The chat's socket events, turned into cache updates (no second store): a new message goes into
 * its conversation's messages (once) and moves the conversation up; a reaction refetches that
 * conversation's messages; presence and another member's read (issue 22) are written into the
 * cached participants; a conversation update refetches the list. A message from someone else chimes and notifies as the settings
 * allow (message-alerts.ts). After a reconnect the list and the open messages are refetched,
 * since events may have been missed. Typing is handled where it is shown (use-typing.ts).
 */
export function useChatRealtime(): void {
  const queryClient = useQueryClient();

  useRealtimeEvent((event) => {
    if (!isChatEvent(event)) return;
    switch (event.type) {
      case 'newMessage': {
        const meId = queryClient.getQueryData<User | null>(userQueryKey)?.id;
        recordMessage(queryClient, event.message, event.message.sender.id !== meId);
        alertNewMessage(event.message, meId, readSettings(queryClient));
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
        void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
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
