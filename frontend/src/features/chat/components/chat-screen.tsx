//! The chat screen: the conversation list and the open conversation. From 768 px
//! on both panes show side by side and the list can collapse to its avatar strip; narrower,
//! one pane at a time: the list, or the open chat with a back button (the URL says which). A
//! conversation where one of the two blocked the other stays readable, without composer or call
//! button (issue 20). A group (issue 22) has its own header (members, no call button), names the
//! senders of others' messages, and says 'Seen by n' where a one-to-one chat says 'Seen'. A
//! message request (issue 43) is read without being marked read, Accept and Delete in the
//! composer's place. 'Search in conversation' (issue 47) lies over the messages and the composer
//! while open; a result that is among the loaded messages is scrolled to and highlighted.
import { MessageCircle } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useMediaQuery } from '@/hooks/use-media-query';
import { useCurrentUser } from '@/lib/auth';
import { cn } from '@/lib/utils';
import { flattenConversations, flattenMessages } from '../api/cache';
import { useConversations } from '../api/get-conversations';
import { useRequests } from '../api/get-requests';
import { useMessages } from '../api/get-messages';
import { conversationTitle, isGroup, otherParticipant, seenBy, seenMessageId } from '../conversation';
import { useReadPointer } from '../hooks/use-read-pointer';
import { useOthersTyping } from '../hooks/use-typing';
import type { ChatUser, Conversation, Message } from '../types';
import { ChatHeader } from './chat-header';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';
import { ConversationSearch } from './conversation-search';
import { GroupHeader } from './group-header';
import { MessageList, type Highlight } from './message-list';
import { NewChatDialog } from './new-chat-dialog';
import { RequestBar } from './request-bar';
import type { UserSearchHook } from './people-picker';

/** Where the composer was, when one of the two blocked the other (the server's refusal, word for word). */
const CANT_MESSAGE = "You can't message this account";

/** docs/decisions.md: below this width the chat is single-pane. */
export const TWO_PANE_QUERY = '(min-width: 768px)';

/** Who a call from the open conversation would reach. */
export interface CallTarget {
  conversationId: number;
  user: ChatUser;
}

/** Draws the header's voice call button (the page hands in the calls feature's). */
export type RenderCallButton = (target: CallTarget) => ReactNode;

/** How long a message chosen in the search stays highlighted. */
const HIGHLIGHT_MS = 2500;

/** The display names of the members typing, in the order they started (a member who left is skipped). */
function typersNames(conversation: Conversation, typing: number[]): string[] {
  return typing.flatMap((id) => conversation.participants.find((p) => p.user.id === id)?.user.displayName ?? []);
}

function ChatPane({
  conversationId,
  showBack,
  renderCallButton,
  useUserSearch,
}: {
  conversationId: number;
  showBack: boolean;
  renderCallButton?: RenderCallButton;
  useUserSearch: UserSearchHook;
}) {
  const me = useCurrentUser();
  const list = useConversations();
  const requests = useRequests();
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  const [searchOpen, setSearchOpen] = useState(false);
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  const menu = useRef<HTMLButtonElement>(null);
  const typing = useOthersTyping(conversationId, me.id);
  const conversation =
    flattenConversations(list.data).find((c) => c.id === conversationId) ??
    flattenConversations(requests.data).find((c) => c.id === conversationId);
  const request = conversation?.isRequest ?? false;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const messages = useMessages(conversationId);
  const loaded = messages.data ? flattenMessages(messages.data) : null;
  useReadPointer({
    conversationId,
    meId: me.id,
    messages: loaded,
    // A request is not marked read: the sender learns nothing until it is accepted.
    unreadCount: request ? null : (conversation?.unreadCount ?? null),
  });

  useEffect(() => {
    if (!highlight) return;
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  const closeSearch = () => {
    setSearchOpen(false);
    menu.current?.focus();
  };

  /**
   * A search result: shown in place when it is among the loaded messages; an older one is not
   * fetched page by page to reach it, and the toast says so rather than scrolling nowhere.
   */
  const chooseResult = (message: Message) => {
    setSearchOpen(false);
    if (loaded?.some((m) => m.id === message.id)) {
      setHighlight({ messageId: message.id });
      return;
    }
    menu.current?.focus();
    toast({ title: 'Further back in the chat', description: 'Load earlier messages to reach it.' });
  };

  // A linked conversation beyond the loaded pages: keep loading until it turns up.
  const searching = !conversation && (list.isPending || requests.isPending || hasNextPage);
  useEffect(() => {
    if (!conversation && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [conversation, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!conversation) {
    if (list.isError) return <EmptyState title="Failed to load conversations" description="Please try again later." />;
    if (searching) {
      return (
        <div role="status" aria-label="Loading conversation" className="flex items-center gap-3 p-3">
          <Skeleton className="size-10 rounded-full" />
          <Skeleton className="h-4 w-32" />
        </div>
      );
    }
    return (
      <EmptyState title="Conversation not found" description="It may have been left or never existed.">
        <Link href="/chat" className="mt-4 inline-flex min-h-11 items-center px-2 font-semibold text-fuchsia-300 hover:underline">
          Back to conversations
        </Link>
      </EmptyState>
    );
  }

  const group = isGroup(conversation);
  const other = otherParticipant(conversation, me.id);
  return (
    <>
      {group ? (
        <GroupHeader
          conversation={conversation}
          meId={me.id}
          showBack={showBack}
          useUserSearch={useUserSearch}
          onSearch={() => setSearchOpen(true)}
          menuRef={menu}
        />
      ) : (
        <ChatHeader
          conversationId={conversationId}
          other={other}
          showBack={showBack}
          callButton={conversation.isBlocked ? undefined : renderCallButton?.({ conversationId, user: other })}
          onSearch={() => setSearchOpen(true)}
          menuRef={menu}
        />
      )}
      <div className="relative flex min-h-0 flex-1 flex-col">
        {/* Under the open search: out of reach of Tab and assistive technology, kept as it was. */}
        <div inert={searchOpen} className="flex min-h-0 flex-1 flex-col">
          <MessageList
            conversationId={conversationId}
            meId={me.id}
            otherTyping={typing.length > 0}
            typingNames={group ? typersNames(conversation, typing) : undefined}
            group={group}
            onReply={conversation.isBlocked || request ? undefined : setReplyTo}
            // A request takes no reaction either: nothing tells the sender it was seen.
            blocked={conversation.isBlocked || request}
            seenId={!group && loaded ? seenMessageId(conversation, me.id, loaded) : null}
            seenBy={group && loaded ? seenBy(conversation, me.id, loaded) : null}
            highlight={highlight}
          />
          {conversation.isBlocked ? (
            <p className="border-t border-white/10 px-4 py-4 text-center text-sm text-zinc-400">{CANT_MESSAGE}</p>
          ) : request ? (
            <RequestBar conversationId={conversationId} name={conversationTitle(conversation, me.id)} />
          ) : (
            <Composer conversationId={conversationId} replyTo={replyTo} onClearReply={() => setReplyTo(null)} />
          )}
        </div>
        {searchOpen && (
          <ConversationSearch
            conversationId={conversationId}
            meId={me.id}
            onChoose={chooseResult}
            onClose={closeSearch}
            className="absolute inset-0 z-10 flex flex-col bg-zinc-950"
          />
        )}
      </div>
    </>
  );
}

export function ChatScreen({
  conversationId,
  useUserSearch,
  renderCallButton,
}: {
  /** The open conversation (from /chat/{id}), or null on /chat. */
  conversationId: number | null;
  useUserSearch: UserSearchHook;
  renderCallButton?: RenderCallButton;
}) {
  const me = useCurrentUser();
  const twoPane = useMediaQuery(TWO_PANE_QUERY);
  const [collapsed, setCollapsed] = useState(false);
  const showList = twoPane || conversationId === null;
  const showChat = twoPane || conversationId !== null;

  return (
    <main className="flex h-full min-h-0 overflow-hidden" data-layout={twoPane ? 'two-pane' : 'single-pane'}>
      {showList && (
        <div
          className={cn(
            'h-full min-w-0 shrink-0',
            twoPane ? cn('border-r border-white/10', collapsed ? 'w-[4.5rem]' : 'w-[42%]') : 'w-full',
          )}
        >
          <ConversationList
            selectedId={conversationId}
            collapsed={twoPane && collapsed}
            onCollapsedChange={twoPane ? setCollapsed : undefined}
            newChat={<NewChatDialog meId={me.id} useUserSearch={useUserSearch} />}
          />
        </div>
      )}
      {showChat && (
        <section aria-label="Chat" className="flex h-full min-w-0 flex-1 flex-col">
          {conversationId === null ? (
            <EmptyState
              icon={<MessageCircle aria-hidden="true" className="size-6" />}
              title="Select a conversation to start messaging"
              className="my-auto"
            />
          ) : (
            // Keyed: a reply target, typing state and scroll position belong to one conversation.
            <ChatPane
              key={conversationId}
              conversationId={conversationId}
              showBack={!twoPane}
              renderCallButton={renderCallButton}
              useUserSearch={useUserSearch}
            />
          )}
        </section>
      )}
    </main>
  );
}
