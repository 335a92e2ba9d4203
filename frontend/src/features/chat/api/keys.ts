//! Query and mutation keys of the chat. Everything sits under `chatKeys.all`, so a 401 from any
//! chat call is recognised by its key (src/hooks/use-session-expiry.ts).
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@/lib/api-client';
import { conversationsQueryKey } from '@/lib/query-keys';
import type { Conversation, Message } from '../types';

export const chatKeys = {
  all: ['chat'] as const,
  conversations: () => conversationsQueryKey,
  /** Message requests (issue 43): under the conversations' key, so invalidating the list refetches both. */
  requests: () => [...conversationsQueryKey, 'requests'] as const,
  /** The Messages tab's total: the others' unread messages over all conversations. */
  unread: () => ['chat', 'unread'] as const,
  messagesAll: () => ['chat', 'messages'] as const,
  messages: (conversationId: number) => ['chat', 'messages', conversationId] as const,
  /** 'Search in conversation' (issue 47): the matches of one query, apart from the messages' pages. */
  search: (conversationId: number, query: string) => ['chat', 'search', conversationId, query] as const,
  /** The 'Start New Chat' dialog's user search: the users feature's call, filed under the chat. */
  userSearch: (query: string) => ['chat', 'user-search', query] as const,
  /** Mutation keys: sends of one conversation (their state is the optimistic outbox). */
  send: (conversationId: number) => ['chat', 'send', conversationId] as const,
  sendVoice: (conversationId: number) => ['chat', 'send-voice', conversationId] as const,
  start: () => ['chat', 'start'] as const,
  /** Mutation keys of groups: making one, renaming or picturing one, adding and removing people. */
  createGroup: () => ['chat', 'create-group'] as const,
  updateGroup: (conversationId: number) => ['chat', 'update-group', conversationId] as const,
  addMembers: (conversationId: number) => ['chat', 'add-members', conversationId] as const,
  removeMember: (conversationId: number) => ['chat', 'remove-member', conversationId] as const,
  react: (conversationId: number) => ['chat', 'react', conversationId] as const,
  /** Mutation keys (issue 43): editing or unsending a message, answering a message request. */
  editMessage: (conversationId: number) => ['chat', 'edit-message', conversationId] as const,
  unsend: (conversationId: number) => ['chat', 'unsend', conversationId] as const,
  answerRequest: () => ['chat', 'answer-request'] as const,
  leave: () => ['chat', 'leave'] as const,
  /** Mutation key: moving the read pointer of one conversation. */
  read: (conversationId: number) => ['chat', 'read', conversationId] as const,
  /** Mutation key: sending a post or reel into a conversation ('Send to…'). */
  share: (kind: 'post' | 'reel', id: number) => ['chat', 'share', kind, id] as const,
};

/** Pages of conversations, most recent activity first. */
export type ConversationPages = InfiniteData<Page<Conversation>>;
/** Pages of messages: the first page holds the newest, each page is oldest → newest. */
export type MessagePages = InfiniteData<Page<Message>>;

/** The contract's defaults, sent explicitly. */
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 30;
export const SEARCH_PAGE_SIZE = 20;
