import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPage, cursorPaging, pageUrl, type Page } from '@/lib/api-client';
import type { Voicemail } from '../types';
import { voicemailKeys, VOICEMAILS_PAGE_SIZE } from './keys';

/** GET /api/voicemails: the session user's, newest first; `X-Next-Cursor` when more follow. */
export function getVoicemailsPage(before: string | null): Promise<Page<Voicemail>> {
  return apiPage<Voicemail>(pageUrl('/api/voicemails', before, VOICEMAILS_PAGE_SIZE));
}

export function voicemailsQueryOptions() {
  return infiniteQueryOptions({ queryKey: voicemailKeys.list(), ...cursorPaging(getVoicemailsPage) });
}

export function useVoicemails() {
  return useInfiniteQuery(voicemailsQueryOptions());
}
