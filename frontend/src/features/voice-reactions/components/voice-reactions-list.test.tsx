import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, serveChat } from '@/test/chat';
import { FakeWebSocket } from '@/test/fake-websocket';
import { openSocket, withRealtime } from '@/test/realtime';
import { me, renderWithApp } from '@/test/render';
import type { VoiceReaction } from '../types';
import { VoiceReactionsList } from './voice-reactions-list';
import { VoiceReactionsSync } from './voice-reactions-sync';

const target = { kind: 'post' as const, id: 7, authorId: me.id };

function aVoiceReaction(overrides: Partial<VoiceReaction> = {}): VoiceReaction {
  return {
    id: 91,
    postId: 7,
    reelId: null,
    emotion: 'love',
    duration: 3,
    audioUrl: '/media/reaction-91.webm',
    user: { id: 2, username: 'leo', displayName: 'Leo Park', profileImageUrl: null },
    createdAt: '2026-11-29T10:00:00Z',
    transcript: null,
    transcribing: false,
    ...overrides,
  };
}

function renderList(items: VoiceReaction[]) {
  serveChat({
    'GET /api/posts/7/voice-reactions': () =>
      json({ items, counts: { love: items.length, excited: 0, inspired: 0, impressed: 0 }, total: items.length }),
  });
  renderWithApp(
    withRealtime(
      <>
        <VoiceReactionsSync />
        <VoiceReactionsList target={target} open onOpenChange={() => {}} />
      </>,
    ),
    { user: me },
  );
  return { socket: openSocket() };
}

/** The row of the voice reaction from @`username`. */
async function row(username: string): Promise<HTMLElement> {
  const play = await screen.findByRole('button', { name: new RegExp(`^Play voice reaction from @${username},`) });
  const item = play.closest('li');
  if (!item) throw new Error(`no row for @${username}`);
  return item;
}

beforeEach(() => FakeWebSocket.install());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a voice reaction's transcript (issue 47)", () => {
  it("says 'Transcribing…' under the player, then what it says once the transcript event comes", async () => {
    const { socket } = renderList([
      aVoiceReaction({ id: 91, transcribing: true }),
      aVoiceReaction({ id: 92, transcribing: true, user: { id: 3, username: 'ana', displayName: 'Ana Silva', profileImageUrl: null } }),
    ]);
    const leo = await row('leo');
    expect(within(leo).getByText('Transcribing…').closest('[aria-live="polite"]')).not.toBeNull();

    socket.receive({ type: 'transcript', kind: 'voiceReaction', id: 91, conversationId: null, transcript: 'This is gorgeous' });
    expect(await within(leo).findByText('This is gorgeous')).toBeInTheDocument();
    expect(within(leo).queryByText('Transcribing…')).not.toBeInTheDocument();
    expect(within(await row('ana')).getByText('Transcribing…')).toBeInTheDocument();
  });

  it("stops saying 'Transcribing…' and shows nothing when the transcription failed", async () => {
    const { socket } = renderList([aVoiceReaction({ id: 91, transcribing: true })]);
    const leo = await row('leo');
    socket.receive({ type: 'transcript', kind: 'voiceReaction', id: 91, conversationId: null, transcript: null });
    await waitFor(() => expect(within(leo).queryByText('Transcribing…')).not.toBeInTheDocument());
    expect(leo.querySelector('[data-transcript]')).toBeNull();
  });

  it('shows a transcript the list came with, and nothing for a reaction of silence', async () => {
    renderList([
      aVoiceReaction({ id: 91, transcript: 'Love the colours' }),
      aVoiceReaction({ id: 92, transcript: '', user: { id: 3, username: 'ana', displayName: 'Ana Silva', profileImageUrl: null } }),
    ]);
    expect(within(await row('leo')).getByText('Love the colours')).toBeInTheDocument();
    expect((await row('ana')).querySelector('[data-transcript]')).toBeNull();
  });
});
