//! Writes into the chat's cached lists, shared by the mutations' answers and the socket's events
//! (socket events update the TanStack Query caches: there is no second store).
import type { QueryClient } from '@tanstack/react-query';
import type { Conversation, Message } from '../types';
import { chatKeys, type ConversationPages, type MessagePages } from './keys';

/** Every cached message of a conversation, oldest first. */
export function flattenMessages(data: MessagePages | undefined): Message[] {
  if (!data) return [];
  return data.pages
    .slice()
    .reverse()
    .flatMap((page) => page.items);
}

/** Every cached conversation, in list order. */
export function flattenConversations(data: ConversationPages | undefined): Conversation[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

function mapMessages(data: MessagePages, update: (message: Message) => Message): MessagePages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(update) })) };
}

/**
 * Adds a message to its conversation's cached messages, once: the sender receives it both as
 * the POST answer and as the socket's `newMessage`, so a known id is replaced, not repeated.
 * A conversation whose messages were never loaded is left alone (they load with it).
 */
export function upsertMessage(queryClient: QueryClient, message: Message): void {
  const key = chatKeys.messages(message.conversationId);
  // A fetch of these messages already under way was answered, or will be, from before this
  // message: its pages would replace the cache without it (a reconnect's or a reaction's
  // refetch racing a send). It is started again, the running one cancelled, so the pages that
  // land have it.
  const stale = queryClient.getQueryState(key)?.fetchStatus === 'fetching';
  queryClient.setQueryData<MessagePages>(key, (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.items.some((m) => m.id === message.id))) {
      return mapMessages(data, (m) => (m.id === message.id ? message : m));
    }
    const [newest, ...older] = data.pages;
    if (!newest) return { pages: [{ items: [message], nextCursor: null }], pageParams: [null] };
    return { ...data, pages: [{ ...newest, items: [...newest.items, message] }, ...older] };
  });
  if (stale) void queryClient.refetchQueries({ queryKey: key, exact: true }, { cancelRefetch: true });
}

/** Applies `update` to one cached message. */
export function updateMessage(
  queryClient: QueryClient,
  conversationId: number,
  messageId: number,
  update: (message: Message) => Message,
): void {
  queryClient.setQueryData<MessagePages>(chatKeys.messages(conversationId), (data) =>
    data ? mapMessages(data, (m) => (m.id === messageId ? update(m) : m)) : data,
  );
}

function mapConversations(data: ConversationPages, update: (c: Conversation) => Conversation): ConversationPages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(update) })) };
}

/** Puts `conversation` first in the cached list (replacing its old place), as recent activity does. */
export function putConversationFirst(queryClient: QueryClient, conversation: Conversation): void {
  queryClient.setQueryData<ConversationPages>(chatKeys.conversations(), (data) => {
    if (!data) return data;
    const pages = data.pages.map((page) => ({ ...page, items: page.items.filter((c) => c.id !== conversation.id) }));
    const [first, ...rest] = pages;
    if (!first) return data;
    return { ...data, pages: [{ ...first, items: [conversation, ...first.items] }, ...rest] };
  });
}

/**
 * A new message moves its conversation to the top with it as the last message. Returns false
 * when the conversation is not in the cached list (a new one, or beyond the loaded pages).
 */
export function recordLastMessage(queryClient: QueryClient, message: Message): boolean {
  const data = queryClient.getQueryData<ConversationPages>(chatKeys.conversations());
  const conversation = flattenConversations(data).find((c) => c.id === message.conversationId);
  if (!conversation) return false;
  const last = conversation.lastMessage;
  // An older message (a late POST answer after the socket's newer one) does not move it back.
  if (last && last.id > message.id) return true;
  putConversationFirst(queryClient, { ...conversation, lastMessage: message, lastActivityAt: message.createdAt });
  return true;
}

/**
 * A message the session user sent or received: into the messages and the conversation list. One
 * from someone else (`fromOther`) is unread until read: its conversation's count goes up and
 * the Messages tab's total is fetched again. A group's system line is never unread. A message
 * already here (in its loaded messages, or its conversation's last message: a send retried
 * after a lost answer is published again) changes nothing but its content; answers whether it
 * was new here, so it is announced once.
 */
export function recordMessage(queryClient: QueryClient, message: Message, fromOther = false): boolean {
  const unread = fromOther && message.messageType !== 'system';
  const conversation = flattenConversations(queryClient.getQueryData<ConversationPages>(chatKeys.conversations())).find(
    (c) => c.id === message.conversationId,
  );
  const known =
    conversation?.lastMessage?.id === message.id ||
    flattenMessages(queryClient.getQueryData<MessagePages>(chatKeys.messages(message.conversationId))).some((m) => m.id === message.id);
  upsertMessage(queryClient, message);
  if (!recordLastMessage(queryClient, message)) {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
  } else if (unread && !known) {
    updateConversation(queryClient, message.conversationId, (c) => ({ ...c, unreadCount: c.unreadCount + 1 }));
  }
  if (unread && !known) void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
  return !known;
}

/** Applies `update` to one cached conversation. */
export function updateConversation(queryClient: QueryClient, conversationId: number, update: (c: Conversation) => Conversation): void {
  queryClient.setQueryData<ConversationPages>(chatKeys.conversations(), (data) =>
    data ? mapConversations(data, (c) => (c.id === conversationId ? update(c) : c)) : data,
  );
}

/** A member read on (the socket's `read`): their pointer in that cached conversation moves forward to `messageId`. */
export function recordRead(queryClient: QueryClient, conversationId: number, userId: number, messageId: number): void {
  updateConversation(queryClient, conversationId, (c) => ({
    ...c,
    participants: c.participants.map((p) =>
      p.user.id === userId ? { ...p, lastReadMessageId: Math.max(p.lastReadMessageId ?? 0, messageId) } : p,
    ),
  }));
}

/** Presence of a user, written into every cached conversation they take part in. */
export function setPresence(queryClient: QueryClient, userId: number, isOnline: boolean, lastSeen: string | null): void {
  queryClient.setQueryData<ConversationPages>(chatKeys.conversations(), (data) =>
    data
      ? mapConversations(data, (c) =>
          c.participants.some((p) => p.user.id === userId)
            ? {
                ...c,
                participants: c.participants.map((p) =>
                  p.user.id === userId ? { ...p, user: { ...p.user, isOnline, lastSeen } } : p,
                ),
              }
            : c,
        )
      : data,
  );
}

/**
 * A conversation as the server now shows it (the socket's `conversationUpdated`, or the answer to
 * a change): it replaces the cached one where it is, or, new to this list, goes first.
 */
export function upsertConversation(queryClient: QueryClient, conversation: Conversation): void {
  const known = flattenConversations(queryClient.getQueryData<ConversationPages>(chatKeys.conversations())).some(
    (c) => c.id === conversation.id,
  );
  if (known) updateConversation(queryClient, conversation.id, () => conversation);
  else putConversationFirst(queryClient, conversation);
}

/** Drops a conversation from the cached message requests (accepted or deleted, issue 43). */
export function removeRequest(queryClient: QueryClient, conversationId: number): void {
  queryClient.setQueryData<ConversationPages>(chatKeys.requests(), (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((c) => c.id !== conversationId) })) }
      : data,
  );
}

/** The cached conversation `conversationId`, in the inbox or among the message requests. */
export function findConversation(queryClient: QueryClient, conversationId: number): Conversation | undefined {
  return [chatKeys.conversations(), chatKeys.requests()]
    .flatMap((key) => flattenConversations(queryClient.getQueryData<ConversationPages>(key)))
    .find((c) => c.id === conversationId);
}

/** Applies `update` to one cached conversation's last message, in the inbox and the requests. */
function updateLastMessage(
  queryClient: QueryClient,
  conversationId: number,
  messageId: number,
  update: (last: NonNullable<Conversation['lastMessage']>) => NonNullable<Conversation['lastMessage']>,
): void {
  for (const key of [chatKeys.conversations(), chatKeys.requests()]) {
    queryClient.setQueryData<ConversationPages>(key, (data) =>
      data
        ? mapConversations(data, (c) =>
            c.id === conversationId && c.lastMessage?.id === messageId ? { ...c, lastMessage: update(c.lastMessage) } : c,
          )
        : data,
    );
  }
}

/** A message edited by its sender (issue 43): its new words and 'edited', in the messages and the list. */
export function recordEdit(queryClient: QueryClient, conversationId: number, messageId: number, content: string, editedAt: string): void {
  updateMessage(queryClient, conversationId, messageId, (m) => ({ ...m, content, editedAt }));
  updateLastMessage(queryClient, conversationId, messageId, (last) => ({ ...last, content, editedAt }));
}

/** A message unsent by its sender (issue 43): 'Message removed' in its place, nothing of it kept. */
export function recordUnsent(queryClient: QueryClient, conversationId: number, messageId: number): void {
  const gone = { content: '', unsent: true, voiceUrl: null, sharedPost: null, sharedReel: null } as const;
  updateMessage(queryClient, conversationId, messageId, (m) => ({ ...m, ...gone, reactions: [], transcript: null, transcribing: false }));
  updateLastMessage(queryClient, conversationId, messageId, (last) => ({ ...last, ...gone }));
  // A quote of it goes, as the server shows it.
  queryClient.setQueryData<MessagePages>(chatKeys.messages(conversationId), (data) =>
    data ? mapMessages(data, (m) => (m.replyTo?.id === messageId ? { ...m, replyTo: null } : m)) : data,
  );
}

/**
 * What a voice message says, made by the server (the socket's `transcript`, issue 47): it
 * replaces 'Transcribing…'. Null means it could not be made: nothing is shown.
 */
export function recordTranscript(queryClient: QueryClient, conversationId: number, messageId: number, transcript: string | null): void {
  updateMessage(queryClient, conversationId, messageId, (m) => ({ ...m, transcript, transcribing: false }));
}

/** Drops a conversation from the cached list (after leaving it). */
export function removeConversation(queryClient: QueryClient, conversationId: number): void {
  queryClient.setQueryData<ConversationPages>(chatKeys.conversations(), (data) =>
    data
      ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((c) => c.id !== conversationId) })) }
      : data,
  );
  queryClient.removeQueries({ queryKey: chatKeys.messages(conversationId) });
}
