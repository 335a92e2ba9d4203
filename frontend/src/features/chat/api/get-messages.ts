import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Message } from '../types';
import { chatKeys, MESSAGES_PAGE_SIZE } from './keys';

/**
 * GET /api/conversations/{id}/messages: the newest page first, each page oldest → newest;
 * `X-Next-Cursor` (the page's oldest id) is the `before` of the next, older page.
 */
export function getMessagesPage(conversationId: number, before: string | null): Promise<Page<Message>> {
  return apiPage<Message>(pageUrl(`/api/conversations/${conversationId}/messages`, before, MESSAGES_PAGE_SIZE));
}

export function messagesQueryOptions(conversationId: number) {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages(conversationId),
    ...cursorPaging((before) => getMessagesPage(conversationId, before)),
  });
}

export function useMessages(conversationId: number) {
  return useInfiniteQuery(messagesQueryOptions(conversationId));
}
