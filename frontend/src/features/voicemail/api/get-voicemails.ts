import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Voicemail } from '../types';
import { voicemailKeys, VOICEMAILS_PAGE_SIZE } from './keys';

/** The server refuses a longer search (400); the field stops there. */
export const VOICEMAIL_SEARCH_MAX = 100;

/**
 * GET /api/voicemails: the session user's, newest first; `X-Next-Cursor` when more follow. With
 * a `query` (sent trimmed), only those whose transcript says it (issue 47).
 */
export function getVoicemailsPage(before: string | null, query = ''): Promise<Page<Voicemail>> {
  const q = query.trim();
  const url = q ? `/api/voicemails?q=${encodeURIComponent(q)}` : '/api/voicemails';
  return apiPage<Voicemail>(pageUrl(url, before, VOICEMAILS_PAGE_SIZE));
}

export function voicemailsQueryOptions(query = '') {
  const q = query.trim();
  return infiniteQueryOptions({ queryKey: voicemailKeys.list(q), ...cursorPaging((before) => getVoicemailsPage(before, q)) });
}

/** The voicemails, or with a `query` the ones whose transcript says it. */
export function useVoicemails(query = '') {
  return useInfiniteQuery(voicemailsQueryOptions(query));
}
