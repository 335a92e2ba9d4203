//! Query and mutation keys of voicemail, all under `voicemailKeys.all` (the session-expiry root).
import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '@/lib/api-client';
import type { Voicemail } from '../types';

export const voicemailKeys = {
  all: ['voicemails'] as const,
  /** Every list: the whole one and each search (issue 47). */
  lists: () => ['voicemails', 'list'] as const,
  /** The voicemails whose transcript says `query`; '' for all of them. */
  list: (query = '') => ['voicemails', 'list', query] as const,
  unread: () => ['voicemails', 'unread'] as const,
  listen: () => ['voicemails', 'listen'] as const,
  send: () => ['voicemails', 'send'] as const,
};

export type VoicemailPages = InfiniteData<Page<Voicemail>>;

export const VOICEMAILS_PAGE_SIZE = 20;
