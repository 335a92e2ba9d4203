import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Message } from '../types';
import { chatKeys, SEARCH_PAGE_SIZE } from './keys';

/** The server refuses a longer search (400 'Search must be under 100 characters'); the field stops there. */
export const MESSAGE_SEARCH_MAX = 100;

/**
 * GET /api/conversations/{id}/messages/search?q=: the conversation's messages that say `query`,
 * in their text or, for voice messages, in their transcript (issue 47); newest first, with
 * `X-Next-Cursor` when older matches follow. `query` is sent trimmed.
 */
export function searchMessagesPage(conversationId: number, query: string, before: string | null): Promise<Page<Message>> {
  const url = `/api/conversations/${conversationId}/messages/search?q=${encodeURIComponent(query.trim())}`;
  return apiPage<Message>(pageUrl(url, before, SEARCH_PAGE_SIZE));
}

/** Run only for a non-empty trimmed query. */
export function searchMessagesQueryOptions(conversationId: number, query: string) {
  const q = query.trim();
  return infiniteQueryOptions({
    queryKey: chatKeys.search(conversationId, q),
    ...cursorPaging((before) => searchMessagesPage(conversationId, q, before)),
    enabled: q.length > 0,
  });
}

/** 'Search in conversation': the matches of `query`, page by page. */
export function useSearchMessages(conversationId: number, query: string) {
  return useInfiniteQuery(searchMessagesQueryOptions(conversationId, query));
}
