//! /voicemail: the voicemail screen, given the people the user chats with (the
//! chat's conversations) as the recipients of a new voicemail.
import { flattenConversations } from '@/features/chat/api/cache';
import { useConversations } from '@/features/chat/api/get-conversations';
import type { RecipientsState } from '@/features/voicemail/components/voicemail-recorder';
import { VoicemailScreen } from '@/features/voicemail/components/voicemail-screen';
import { useCurrentUser } from '@/lib/auth';

/**
 * The other participant of each loaded one-to-one conversation they are still in (the server
 * refuses the rest); voicemails go to one person, so groups are left out.
 */
function useChatRecipients(): RecipientsState {
  const me = useCurrentUser();
  const list = useConversations();
  const seen = new Set<number>();
  const recipients = [];
  for (const conversation of flattenConversations(list.data)) {
    if (conversation.kind === 'group') continue;
    const other = conversation.participants.find((p) => p.user.id !== me.id)?.user;
    if (!other || seen.has(other.id)) continue;
    seen.add(other.id);
    recipients.push({ id: other.id, displayName: other.displayName });
  }
  return {
    recipients,
    isPending: list.isPending,
    hasMore: list.hasNextPage,
    loadMore: () => void list.fetchNextPage(),
  };
}

export default function VoicemailPage() {
  return <VoicemailScreen useRecipients={useChatRecipients} />;
}
