import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Conversation } from '../types';
import { chatKeys, CONVERSATIONS_PAGE_SIZE } from './keys';

/**
 * GET /api/conversations?requests=true (issue 43): message requests, from people you don't
 * follow and have never written to, most recent first.
 */
export function getRequestsPage(before: string | null): Promise<Page<Conversation>> {
  return apiPage<Conversation>(pageUrl('/api/conversations?requests=true', before, CONVERSATIONS_PAGE_SIZE));
}

export function requestsQueryOptions() {
  return infiniteQueryOptions({ queryKey: chatKeys.requests(), ...cursorPaging(getRequestsPage) });
}

export function useRequests() {
  return useInfiniteQuery(requestsQueryOptions());
}
