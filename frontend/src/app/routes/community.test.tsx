//! Issue 19's pages: /p/{id} (a real deep link, with its comments and a live count) and
//! /explore/tags/{tag}.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { aComment } from '@/test/comments';
import { aPost, json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import PostPage from './post';
import TagPage from './tag';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/p/{id}', () => {
  const renderPost = (path = '/p/7') => renderWithApp(<Route path="/p/:id" component={PostPage} />, { path, user: me });

  it('fetches the post by id and shows it with its comments; a new comment moves the card count', async () => {
    const api = serveApi({
      'GET /api/posts/7': () => json(aPost({ commentsCount: 1 })),
      'GET /api/posts/7/comments': () => json([aComment({ content: 'Lovely colours' })]),
      'POST /api/posts/7/comments': () => json(aComment({ content: 'Thanks!' }), { status: 201 }),
    });
    renderPost();
    expect(await screen.findByRole('heading', { name: 'Post by Leo Park' })).toBeInTheDocument();
    expect(await screen.findByText('Lovely colours')).toBeInTheDocument();
    expect(screen.getByTestId('comments-count')).toHaveTextContent('1 comment');

    const user = userEvent.setup();
    // The card's bubble moves to the composer.
    await user.click(screen.getByRole('button', { name: 'Comments' }));
    const field = screen.getByRole('combobox', { name: 'Add a comment' });
    expect(field).toHaveFocus();
    await user.type(field, 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(screen.getByTestId('comments-count')).toHaveTextContent('2 comments'));
    expect(api.calls('GET /api/posts/7')).toHaveLength(1);
  });

  it("says 'Post not found' for an unknown id", async () => {
    serveApi({ 'GET /api/posts/999': () => apiError(404, 'Post not found') });
    renderPost('/p/999');
    expect(await screen.findByText('Post not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Explore' })).toHaveAttribute('href', '/explore');
  });
});

describe('/explore/tags/{tag}', () => {
  const renderTag = (path: string) => renderWithApp(<Route path="/explore/tags/:tag" component={TagPage} />, { path, user: me });

  it("shows the tag, its count and its posts' grid linking to each post", async () => {
    const api = serveApi({
      'GET /api/tags/neon': () => json({ tag: 'neon', postsCount: 2 }),
      'GET /api/tags/neon/posts': () => json([aPost({ id: 1, caption: 'One' }), aPost({ id: 2, caption: 'Two' })]),
    });
    renderTag('/explore/tags/Neon');
    expect(screen.getByRole('heading', { name: '#neon' })).toBeInTheDocument();
    expect(await screen.findByText('2 posts')).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Posts tagged #neon' });
    expect(within(grid).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/p/1', '/p/2']);
    expect(api.calls('GET /api/tags/neon/posts')[0].url.search).toBe('?limit=20');
  });

  it('is an empty state for a tag no post has', async () => {
    serveApi({
      'GET /api/tags/nothing': () => apiError(404, 'Tag not found'),
      'GET /api/tags/nothing/posts': () => json([]),
    });
    renderTag('/explore/tags/nothing');
    expect(await screen.findByText('No posts yet')).toBeInTheDocument();
    expect(screen.getByText('No post carries #nothing yet.')).toBeInTheDocument();
  });
});
