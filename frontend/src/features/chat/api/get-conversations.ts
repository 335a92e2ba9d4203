import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Conversation } from '../types';
import { chatKeys, CONVERSATIONS_PAGE_SIZE } from './keys';

/** GET /api/conversations: most recent activity first; `X-Next-Cursor` (a conversation id) when more follow. */
export function getConversationsPage(before: string | null): Promise<Page<Conversation>> {
  return apiPage<Conversation>(pageUrl('/api/conversations', before, CONVERSATIONS_PAGE_SIZE));
}

export function conversationsQueryOptions() {
  return infiniteQueryOptions({ queryKey: chatKeys.conversations(), ...cursorPaging(getConversationsPage) });
}

export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions());
}
