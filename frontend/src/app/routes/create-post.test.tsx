import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '@/features/posts/types';
import { FakeXhr } from '@/test/fake-xhr';
import { json, me, renderWithApp } from '@/test/render';
import CreatePostPage from './create-post';

const draft: Draft = {
  id: 5,
  caption: 'Dusk study',
  location: null,
  tags: [],
  media: [],
  scheduledAt: null,
  createdAt: '2026-11-30T10:00:00Z',
  updatedAt: '2026-11-30T10:00:00Z',
};

/** The drafts lists: `saved` answers GET /api/drafts, `scheduled` GET /api/drafts?scheduled=true. */
function serveDrafts(saved: Draft[], scheduled: Draft[] = []) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/drafts') return json(url.searchParams.get('scheduled') === 'true' ? scheduled : saved);
    return json({ message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('/create?draft={id}', () => {
  it('opens the draft in the composer, found among your drafts or your scheduled posts', async () => {
    serveDrafts([], [{ ...draft, scheduledAt: '2030-01-01T10:00:00Z' }]);
    renderWithApp(<CreatePostPage />, { path: '/create?draft=5', user: me });
    expect(await screen.findByRole('heading', { name: 'Edit Draft' })).toBeInTheDocument();
    expect(screen.getByLabelText('Caption')).toHaveValue('Dusk study');
    expect(screen.getByRole('button', { name: 'Reschedule…' })).toBeInTheDocument();
  });

  it('says when the draft is gone, with the way back to your drafts', async () => {
    serveDrafts([{ ...draft, id: 6 }]);
    renderWithApp(<CreatePostPage />, { path: '/create?draft=5', user: me });
    expect(await screen.findByRole('heading', { name: 'Draft not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your drafts' })).toHaveAttribute('href', '/profile/maya?tab=drafts');
  });

  it('lands on your profile’s Drafts once a new draft is saved', async () => {
    const user = userEvent.setup();
    serveDrafts([]);
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { location } = renderWithApp(<CreatePostPage />, { path: '/create', user: me });
    await user.type(screen.getByLabelText('Caption'), 'An idea');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    await act(async () => FakeXhr.last!.respond(201, JSON.stringify({ ...draft, caption: 'An idea' })));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/profile/maya?tab=drafts'));
  });
});
