//! A post card's voice reactions as the app draws them (issue 43): the card's microphone opens
//! the panel of features/voice-reactions through the community layer's `VoiceReactions`, and its
//! counts by emotion open the list of the reactions the viewer may hear.
import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PostCard } from '@/features/posts/components/post-card';
import { VoiceReactions } from '@/features/voice-reactions/components/voice-reactions';
import { CommunityActionsProvider } from '@/lib/community-actions';
import { aPost, json, renderWithApp } from '@/test/render';

const heard = {
  id: 91,
  postId: 7,
  reelId: null,
  emotion: 'love',
  duration: 2,
  audioUrl: '/media/abc.webm',
  user: { id: 2, username: 'leo', displayName: 'Leo', profileImageUrl: null },
  createdAt: '2026-11-29T10:00:00Z',
};

let fetchSpy: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchSpy = vi.fn(async () => json({ items: [], counts: { love: 0, excited: 0, inspired: 0, impressed: 0 }, total: 0 }));
  vi.stubGlobal('fetch', fetchSpy);
});
afterEach(() => vi.unstubAllGlobals());

const button = (name: string) => screen.getByRole('button', { name });
const withVoiceReactions = (ui: ReactElement) => (
  <CommunityActionsProvider value={{ openComments: () => {}, openShare: () => {}, VoiceReactions }}>{ui}</CommunityActionsProvider>
);

describe('voice reactions on a post card', () => {
  it('opens the panel from the card and closes it again', () => {
    renderWithApp(withVoiceReactions(<PostCard post={aPost()} />));
    expect(screen.queryByRole('region', { name: 'Voice reaction' })).not.toBeInTheDocument();
    fireEvent.click(button('Voice reaction'));
    expect(button('Voice reaction')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Voice reaction' })).toBeInTheDocument();
    fireEvent.click(button('Close voice reaction'));
    expect(screen.queryByRole('region', { name: 'Voice reaction' })).not.toBeInTheDocument();
  });

  it('shows the counts by emotion, which open the reactions the viewer may hear with their length', async () => {
    fetchSpy.mockImplementation(async () =>
      json({ items: [heard], counts: { love: 1, excited: 0, inspired: 2, impressed: 0 }, total: 3 }),
    );
    const post = aPost();
    renderWithApp(withVoiceReactions(<PostCard post={post} />));
    expect(fetchSpy).toHaveBeenCalledWith(`/api/posts/${post.id}/voice-reactions?limit=1`, expect.anything());
    fireEvent.click(await screen.findByRole('button', { name: /^1\s*Love it!,\s*2\s*Inspired!,\s*voice reactions$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Voice reactions' });
    const audio = await screen.findByLabelText('Voice reaction from @leo, 0:02');
    expect(audio.tagName).toBe('AUDIO');
    expect(audio).toHaveAttribute('src', '/media/abc.webm');
    expect(dialog).toHaveTextContent(`2 voice reactions are private to @${post.user.username}.`);
  });

  it('draws nothing outside the app shell (a card alone in a test)', () => {
    renderWithApp(<PostCard post={aPost()} />);
    fireEvent.click(button('Voice reaction'));
    expect(screen.queryByRole('region', { name: 'Voice reaction' })).not.toBeInTheDocument();
    // Only the signed-in user is asked for (to offer Delete on your own post): no voice reaction.
    expect(fetchSpy.mock.calls.filter(([url]) => url !== '/api/auth/user')).toEqual([]);
  });
});
