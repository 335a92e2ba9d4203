//! The conversation list: each entry the other participant's avatar with an online
//! dot, their name, the last message ('Voice message' for a voice one) and its relative time (to
//! the minute, kept current); older conversations load as the list is scrolled. Collapsed, it is
//! a strip of the first 8 avatars. A conversation with messages you have not read (issue 21)
//! shows the name and preview in bold and the count in a pill (on the avatar in the strip). A
//! group (issue 22) shows its name and picture (or its members' stacked), and its last line says
//! who wrote it or what happened ('Maya added Leo'). Two tabs (issue 43, as on Instagram):
//! Chats, and Requests, the conversations from people you don't follow and have never written to
//! (not counted in the Messages badge) until you accept them.
import { ChevronsLeft, ChevronsRight, Inbox, MessageCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { LoadMore } from '@/components/load-more';
import { Avatar } from '@/components/ui/avatar';
import { CountBadge } from '@/components/ui/count-badge';
import { EmptyState } from '@/components/ui/empty-state';
import { IconButton } from '@/components/ui/icon-button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { useClockTick } from '@/hooks/use-clock-tick';
import { useCurrentUser } from '@/lib/auth';
import { countText } from '@/lib/count-text';
import { relativeTime } from '@/lib/relative-time';
import { cn } from '@/lib/utils';
import { flattenConversations } from '../api/cache';
import { useConversations } from '../api/get-conversations';
import { useRequests } from '../api/get-requests';
import { conversationTitle, isGroup, lastLineText, otherMembers, otherParticipant } from '../conversation';
import { MESSAGE_REMOVED } from './message-bubble';
import type { ChatUser, Conversation } from '../types';
import { GroupAvatar } from './group-avatar';
import { VoicemailLink } from './voicemail-link';

/** Read after a conversation's count pill: '2 unread messages'. */
export function unreadLabel(count: number): string {
  return count === 1 ? 'unread message' : 'unread messages';
}

/** docs/decisions.md: the collapsed strip shows 8 conversations. */
export const COLLAPSED_COUNT = 8;

function AvatarWithDot({ user, className }: { user: ChatUser; className: string }) {
  return (
    <span className="relative shrink-0">
      <Avatar src={user.profileImage} name={user.displayName} className={className} />
      {user.isOnline && (
        <span
          role="img"
          aria-label="Online"
          className="absolute right-0 bottom-0 size-3 rounded-full bg-emerald-400 ring-2 ring-zinc-950"
        />
      )}
    </span>
  );
}

/** When the conversation last moved ('5m', '3h'), kept current by the clock tick. */
function ActivityTime({ at }: { at: string }) {
  useClockTick();
  return (
    <time dateTime={at} className="shrink-0 text-xs text-zinc-500">
      {relativeTime(at)}
    </time>
  );
}

/** A conversation's picture: the other person's with their online dot, or the group's. */
function ConversationAvatar({ conversation, meId, className }: { conversation: Conversation; meId: number; className: string }) {
  if (isGroup(conversation)) {
    return (
      <GroupAvatar
        name={conversationTitle(conversation, meId)}
        avatarUrl={conversation.avatarUrl}
        members={otherMembers(conversation, meId)}
        className={className}
      />
    );
  }
  return <AvatarWithDot user={otherParticipant(conversation, meId)} className={className} />;
}

function Entry({ conversation, meId, selected }: { conversation: Conversation; meId: number; selected: boolean }) {
  const title = conversationTitle(conversation, meId);
  const last = conversation.lastMessage;
  const unread = conversation.unreadCount;
  return (
    <li>
      <Link
        href={`/chat/${conversation.id}`}
        aria-current={selected ? 'page' : undefined}
        className={cn(
          'flex min-h-16 items-center gap-3 rounded-xl px-3 py-2 transition',
          selected ? 'bg-white/10' : 'hover:bg-white/5',
        )}
      >
        <ConversationAvatar conversation={conversation} meId={meId} className="size-12 text-lg" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={cn('truncate text-white', unread > 0 ? 'font-bold' : 'font-semibold')}>{title}</span>
            <ActivityTime at={conversation.lastActivityAt} />
          </span>
          <span className="flex items-center gap-2">
            <span className={cn('min-w-0 flex-1 truncate text-sm', unread > 0 ? 'font-semibold text-zinc-100' : 'text-zinc-400')}>
              {last ? (last.unsent ? MESSAGE_REMOVED : lastLineText(conversation, last, meId)) : 'No messages yet'}
            </span>
            <CountBadge count={unread} label={unreadLabel(unread)} />
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * A strip entry's name: the person (whether they are online) or the group, and what is unread
 * ('Leo Park, online, 2 unread messages'; 'Trip, 1 unread message').
 */
function stripLabel(conversation: Conversation, meId: number): string {
  const unread = conversation.unreadCount;
  const online = !isGroup(conversation) && otherParticipant(conversation, meId).isOnline;
  return [conversationTitle(conversation, meId), online && 'online', unread > 0 && `${countText(unread)} ${unreadLabel(unread)}`]
    .filter(Boolean)
    .join(', ');
}

function StripEntry({ conversation, meId, selected }: { conversation: Conversation; meId: number; selected: boolean }) {
  return (
    <li>
      <Link
        href={`/chat/${conversation.id}`}
        aria-label={stripLabel(conversation, meId)}
        aria-current={selected ? 'page' : undefined}
        className={cn('relative grid size-14 place-items-center rounded-xl transition', selected ? 'bg-white/10' : 'hover:bg-white/5')}
      >
        <ConversationAvatar conversation={conversation} meId={meId} className="size-11 text-base" />
        <CountBadge count={conversation.unreadCount} className="absolute top-0 right-0 ring-2 ring-zinc-950" />
      </Link>
    </li>
  );
}

function ListBody({
  list,
  conversations,
  meId,
  selectedId,
  empty,
}: {
  list: ReturnType<typeof useConversations>;
  conversations: Conversation[];
  meId: number;
  selectedId: number | null;
  /** What an empty list says. */
  empty: ReactNode;
}) {
  if (list.isPending) {
    return (
      <div role="status" aria-label="Loading conversations" className="space-y-2 px-2">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-16 rounded-xl" />
        ))}
      </div>
    );
  }
  if (list.isError) return <EmptyState title="Failed to load conversations" description="Please try again later." />;
  if (conversations.length === 0) return empty;
  return (
    <>
      <ul className="space-y-1">
        {conversations.map((c) => (
          <Entry key={c.id} conversation={c} meId={meId} selected={c.id === selectedId} />
        ))}
      </ul>
      <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
    </>
  );
}

export function ConversationList({
  selectedId,
  collapsed = false,
  onCollapsedChange,
  newChat,
}: {
  selectedId: number | null;
  collapsed?: boolean;
  /** Given where collapsing makes sense (the two-pane layout): shows the toggle. */
  onCollapsedChange?: (collapsed: boolean) => void;
  /** The 'Start New Chat' trigger. */
  newChat: ReactNode;
}) {
  const me = useCurrentUser();
  const list = useConversations();
  const conversations = flattenConversations(list.data);
  const [folder, setFolder] = useState<'chats' | 'requests'>('chats');

  const toggle = onCollapsedChange && (
    <IconButton
      label={collapsed ? 'Expand conversations' : 'Collapse conversations'}
      icon={collapsed ? ChevronsRight : ChevronsLeft}
      iconClassName="size-5"
      aria-expanded={!collapsed}
      onClick={() => onCollapsedChange(!collapsed)}
      className="text-zinc-400 hover:bg-white/5 hover:text-white"
    />
  );

  if (collapsed) {
    return (
      <nav aria-label="Conversations" className="flex h-full w-[4.5rem] flex-col items-center gap-1 overflow-y-auto py-2">
        {toggle}
        {newChat}
        <ul className="flex flex-col items-center gap-1">
          {conversations.slice(0, COLLAPSED_COUNT).map((c) => (
            <StripEntry key={c.id} conversation={c} meId={me.id} selected={c.id === selectedId} />
          ))}
        </ul>
      </nav>
    );
  }

  return (
    <nav aria-label="Conversations" className="flex h-full min-w-0 flex-col">
      <div className="flex items-center gap-1 px-3 py-2">
        <h1 className="min-w-0 flex-1 truncate text-lg font-semibold text-white">Messages</h1>
        <VoicemailLink label="Voicemails" className="text-zinc-400" />
        {newChat}
        {toggle}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-1 pb-2">
        <Tabs
          label="Conversations"
          value={folder}
          onChange={setFolder}
          tabs={[
            {
              id: 'chats',
              label: 'Chats',
              panel: (
                <ListBody
                  list={list}
                  conversations={conversations}
                  meId={me.id}
                  selectedId={selectedId}
                  empty={
                    <EmptyState
                      icon={<MessageCircle aria-hidden="true" className="size-6" />}
                      title="No conversations yet"
                      description="Start a new chat to message someone."
                    />
                  }
                />
              ),
            },
            { id: 'requests', label: 'Requests', panel: <RequestsBody meId={me.id} selectedId={selectedId} /> },
          ]}
        />
      </div>
    </nav>
  );
}

/** The Requests tab: fetched when first shown. */
function RequestsBody({ meId, selectedId }: { meId: number; selectedId: number | null }) {
  const list = useRequests();
  return (
    <ListBody
      list={list}
      conversations={flattenConversations(list.data)}
      meId={meId}
      selectedId={selectedId}
      empty={
        <EmptyState
          icon={<Inbox aria-hidden="true" className="size-6" />}
          title="No message requests"
          description="Messages from people you don't follow appear here until you accept them."
        />
      }
    />
  );
}
