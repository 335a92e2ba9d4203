import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aPost, json, renderWithApp } from '@/test/render';
import { PostFeed } from './post-feed';

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function renderFeed(post = aPost()) {
  fetchMock.mockResolvedValueOnce(json([post]));
  renderWithApp(<PostFeed />);
  await screen.findByRole('article');
}

const likeCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/posts/7/like');

describe('double tap on a post picture', () => {
  it('likes the post, with a heart over the picture', async () => {
    const user = userEvent.setup();
    await renderFeed();
    fetchMock.mockResolvedValueOnce(json({ isLiked: true, likesCount: 4 }));
    await user.dblClick(screen.getByRole('img', { name: 'Neon city at night' }));
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('4 likes')).toBeInTheDocument();
    expect(screen.getByTestId('like-burst')).toBeInTheDocument();
    expect(likeCalls()).toHaveLength(1);
    expect(fetchMock).toHaveBeenLastCalledWith('/api/posts/7/like', expect.objectContaining({ method: 'POST' }));
  });

  it('never unlikes: on a liked post the heart pops and nothing is sent', async () => {
    const user = userEvent.setup();
    await renderFeed(aPost({ isLiked: true, likesCount: 3 }));
    await user.dblClick(screen.getByRole('img', { name: 'Neon city at night' }));
    expect(screen.getByTestId('like-burst')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('3 likes')).toBeInTheDocument();
    expect(likeCalls()).toHaveLength(0);
  });

  it('leaves a single tap alone', async () => {
    const user = userEvent.setup();
    await renderFeed();
    await user.click(screen.getByRole('img', { name: 'Neon city at night' }));
    expect(screen.queryByTestId('like-burst')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    expect(likeCalls()).toHaveLength(0);
  });
});
