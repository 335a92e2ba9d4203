import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aPost, json, me, renderWithApp } from '@/test/render';
import type { Draft } from '../types';
import { ProfileDrafts, type DraftsView } from './profile-drafts';

function aDraft(overrides: Partial<Draft> = {}): Draft {
  return {
    id: 5,
    caption: 'Dusk study\nsecond line',
    location: null,
    tags: [],
    media: [
      { url: '/media/dusk.jpg', thumbnailUrl: '/media/dusk-320.jpg', width: 1600, height: 1200, blurhash: null, alt: '' },
      { url: '/media/dawn.jpg', thumbnailUrl: null, width: 1600, height: 1200, blurhash: null, alt: '' },
    ],
    scheduledAt: null,
    createdAt: new Date(Date.now() - 3 * 60 * 60_000).toISOString(),
    updatedAt: new Date(Date.now() - 2 * 60 * 60_000).toISOString(),
    ...overrides,
  };
}

const inTwoDays = new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString();

/**
 * The drafts API as lists held here: GET answers them; publish, unschedule and delete change
 * them as the server would. Answers the calls made, as 'METHOD path body'.
 */
function serveDrafts(initial: { drafts?: Draft[]; scheduled?: Draft[] }, override?: (method: string, path: string) => Response | undefined) {
  let drafts = initial.drafts ?? [];
  let scheduled = initial.scheduled ?? [];
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method !== 'GET') calls.push(`${method} ${url.pathname}${init?.body ? ` ${String(init.body)}` : ''}`);
      const answer = override?.(method, url.pathname);
      if (answer) return answer;
      if (method === 'GET' && url.pathname === '/api/drafts') return json(url.searchParams.get('scheduled') === 'true' ? scheduled : drafts);
      const match = /^\/api\/drafts\/(\d+)(\/publish|\/schedule)?$/.exec(url.pathname);
      const id = Number(match?.[1]);
      const draft = [...drafts, ...scheduled].find((d) => d.id === id);
      if (!draft) return json({ message: 'Draft not found', code: 'not_found' }, { status: 404 });
      const without = () => {
        drafts = drafts.filter((d) => d.id !== id);
        scheduled = scheduled.filter((d) => d.id !== id);
      };
      if (method === 'DELETE' && !match?.[2]) {
        without();
        return new Response(null, { status: 204 });
      }
      if (method === 'DELETE' && match?.[2] === '/schedule') {
        without();
        const back = { ...draft, scheduledAt: null };
        drafts = [back, ...drafts];
        return json(back);
      }
      if (method === 'POST' && match?.[2] === '/publish') {
        const { at } = JSON.parse(String(init?.body)) as { at?: string };
        without();
        if (!at) return json(aPost({ id: 40, caption: draft.caption, user: { id: me.id, username: me.username, displayName: me.displayName, profileImage: null } }), { status: 201 });
        const moved = { ...draft, scheduledAt: new Date(at).toISOString() };
        scheduled = [moved, ...scheduled];
        return json(moved);
      }
      return json({ message: 'Not here' }, { status: 404 });
    }),
  );
  return calls;
}

function Harness({ start = 'drafts' }: { start?: DraftsView }) {
  const [view, setView] = useState<DraftsView>(start);
  return <ProfileDrafts view={view} onViewChange={setView} />;
}

afterEach(() => vi.unstubAllGlobals());

describe('ProfileDrafts', () => {
  it('lists each draft with its cover, the start of its caption, when it was saved and its actions', async () => {
    serveDrafts({ drafts: [aDraft()] });
    renderWithApp(<Harness />, { user: me });
    const row = await screen.findByRole('article', { name: 'Dusk study' });
    expect(row.querySelector('img')).toHaveAttribute('src', '/media/dusk-320.jpg');
    expect(row).toHaveTextContent('Saved 2h ago · 2 images');
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/create?draft=5');
    for (const name of ['Publish now', 'Schedule…', 'Delete']) expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Cancel schedule' })).not.toBeInTheDocument();
  });

  it('says so kindly when there are no drafts, or nothing scheduled', async () => {
    const user = userEvent.setup();
    serveDrafts({});
    renderWithApp(<Harness />, { user: me });
    expect(await screen.findByRole('heading', { name: 'No drafts yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Scheduled' }));
    expect(await screen.findByRole('heading', { name: 'Nothing scheduled' })).toBeInTheDocument();
  });

  it('shows a scheduled post’s time in your zone, and Cancel schedule takes it back to the drafts', async () => {
    const user = userEvent.setup();
    const calls = serveDrafts({ scheduled: [aDraft({ scheduledAt: inTwoDays })] });
    renderWithApp(<Harness start="scheduled" />, { user: me });
    const row = await screen.findByRole('article', { name: 'Dusk study' });
    const when = new Date(inTwoDays).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
    expect(row).toHaveTextContent(`Scheduled for ${when}`);
    expect(within(row).getByRole('button', { name: 'Reschedule…' })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Cancel schedule' }));
    expect(await screen.findByText('Schedule cancelled')).toBeInTheDocument();
    expect(calls).toEqual(['DELETE /api/drafts/5/schedule']);
    expect(await screen.findByRole('heading', { name: 'Nothing scheduled' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Drafts' }));
    expect(await screen.findByRole('article', { name: 'Dusk study' })).toHaveTextContent('Saved');
  });

  it('asks before deleting: Cancel sends nothing, Delete removes the draft', async () => {
    const user = userEvent.setup();
    const calls = serveDrafts({ drafts: [aDraft()] });
    renderWithApp(<Harness />, { user: me });
    const row = await screen.findByRole('article', { name: 'Dusk study' });
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete draft?' });
    expect(dialog).toHaveTextContent('Its images go with it. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Draft deleted')).toBeInTheDocument();
    expect(calls).toEqual(['DELETE /api/drafts/5']);
    expect(await screen.findByRole('heading', { name: 'No drafts yet' })).toBeInTheDocument();
  });

  it('publishes a draft now: it leaves the list and the post is first in your grid', async () => {
    const user = userEvent.setup();
    const calls = serveDrafts({ drafts: [aDraft()] });
    const { queryClient } = renderWithApp(<Harness />, { user: me });
    queryClient.setQueryData(['posts', 'user', me.id], { pages: [{ items: [], nextCursor: null }], pageParams: [null] });
    const row = await screen.findByRole('article', { name: 'Dusk study' });
    await user.click(within(row).getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Post created!')).toBeInTheDocument();
    expect(calls).toEqual(['POST /api/drafts/5/publish {}']);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Dusk study' })).not.toBeInTheDocument());
    expect(queryClient.getQueryData<{ pages: { items: { id: number }[] }[] }>(['posts', 'user', me.id])?.pages[0].items[0].id).toBe(40);
  });

  it("shows the server's reason when a draft cannot be published", async () => {
    const user = userEvent.setup();
    serveDrafts({ drafts: [aDraft({ media: [] })] }, (method, path) =>
      method === 'POST' && path.endsWith('/publish') ? json({ message: 'Please select an image or enter a URL', code: 'invalid_input' }, { status: 400 }) : undefined,
    );
    renderWithApp(<Harness />, { user: me });
    const row = await screen.findByRole('article', { name: 'Dusk study' });
    expect(within(row).getByText('No image yet')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Publish now' }));
    expect(await screen.findByText('Please select an image or enter a URL')).toBeInTheDocument();
  });

  it('schedules a draft from its row, and it moves to Scheduled', async () => {
    const user = userEvent.setup();
    const calls = serveDrafts({ drafts: [aDraft()] });
    renderWithApp(<Harness />, { user: me });
    const row = await screen.findByRole('article', { name: 'Dusk study' });
    await user.click(within(row).getByRole('button', { name: 'Schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule post' });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Post scheduled')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^POST \/api\/drafts\/5\/publish \{"at":"\d{4}-\d\d-\d\dT\d\d:\d\d:00[+-]\d\d:\d\d"\}$/);
    await user.click(screen.getByRole('tab', { name: 'Scheduled' }));
    expect(await screen.findByRole('article', { name: 'Dusk study' })).toHaveTextContent('Scheduled for');
  });
});
