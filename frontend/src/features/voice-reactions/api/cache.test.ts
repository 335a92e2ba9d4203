import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { VoiceReaction } from '../types';
import { awaitsTranscript, recordTranscript } from './cache';
import type { HeardPage } from './get-voice-reactions';
import { voiceReactionKeys } from './keys';

const reaction = (id: number, overrides: Partial<VoiceReaction> = {}): VoiceReaction => ({
  id,
  postId: 7,
  reelId: null,
  emotion: 'love',
  duration: 2,
  audioUrl: `/media/r${id}.webm`,
  user: { id: 2, username: 'leo', displayName: 'Leo Park', profileImageUrl: null },
  createdAt: '2026-11-29T10:00:00Z',
  transcript: null,
  transcribing: true,
  ...overrides,
});

const page = (items: VoiceReaction[]): HeardPage => ({
  items,
  counts: { love: items.length, excited: 0, inspired: 0, impressed: 0 },
  total: items.length,
  nextCursor: null,
});

describe('the voice reactions cache (issue 47)', () => {
  it("writes a transcript into a post's list and its card's counts page, the counts untouched", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(voiceReactionKeys.list('post', 7), { pages: [page([reaction(1), reaction(2)])], pageParams: [null] });
    queryClient.setQueryData(voiceReactionKeys.counts('post', 7), page([reaction(1)]));

    recordTranscript(queryClient, 1, 'Gorgeous');

    const list = queryClient.getQueryData<{ pages: HeardPage[] }>(voiceReactionKeys.list('post', 7));
    expect(list?.pages[0].items.map((r) => [r.transcript, r.transcribing])).toEqual([
      ['Gorgeous', false],
      [null, true],
    ]);
    const counts = queryClient.getQueryData<HeardPage>(voiceReactionKeys.counts('post', 7));
    expect(counts?.items[0]).toMatchObject({ transcript: 'Gorgeous', transcribing: false });
    expect(counts?.total).toBe(1);
  });

  it('after a reconnect, asks again only for the lists still waiting for a transcript', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(voiceReactionKeys.list('post', 7), { pages: [page([reaction(1)])], pageParams: [null] });
    queryClient.setQueryData(voiceReactionKeys.list('reel', 8), { pages: [page([reaction(2, { transcribing: false })])], pageParams: [null] });
    const waiting = queryClient
      .getQueryCache()
      .findAll({ queryKey: voiceReactionKeys.all, predicate: awaitsTranscript })
      .map((query) => query.queryKey);
    expect(waiting).toEqual([voiceReactionKeys.list('post', 7)]);
  });
});
