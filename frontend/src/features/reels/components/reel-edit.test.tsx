import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS } from '@/lib/settings';
import { aReel } from '@/test/reels';
import { json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import { ReelsScreen } from './reels-screen';

const author = { id: me.id, username: me.username, displayName: me.displayName, profileImage: null };
const mine = aReel({ id: 41, caption: 'Ink in water', user: author });
const editedAt = new Date(Date.now() - 5 * 60 * 1000).toISOString();
const theirs = aReel({ id: 42, caption: 'Clay spin', editedAt });

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(patch: Parameters<typeof serveApi>[0][string]) {
  return serveApi({
    'GET /api/reels': () => json([mine, theirs]),
    'GET /api/user/settings': () => json(DEFAULT_SETTINGS),
    'PATCH /api/reels/41': patch,
    'GET /api/reels/42/history': () =>
      json([
        { caption: 'Clay spin, take two', writtenAt: '2026-01-02T10:00:00Z' },
        { caption: '', writtenAt: '2026-01-01T10:00:00Z' },
      ]),
  });
}

const slide = (n: number) => screen.getByRole('region', { name: `Reel ${n} by ${n === 1 ? me.displayName : 'Leo Park'}`, hidden: true });

describe('Editing a reel (issue 44)', () => {
  it("edits your own reel's caption from its menu, and the reel shows it Edited", async () => {
    const user = userEvent.setup();
    const api = serve(({ body }) => json({ ...mine, caption: (body as { caption: string }).caption, editedAt: new Date().toISOString() }));
    renderWithApp(<ReelsScreen />, { user: me });
    await screen.findByRole('region', { name: `Reel 1 by ${me.displayName}` });
    await user.click(within(slide(1)).getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit reel' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit reel' });
    const caption = within(dialog).getByLabelText('Caption');
    expect(caption).toHaveValue('Ink in water');
    expect(within(dialog).getByText('12/2200')).toBeInTheDocument();
    await user.clear(caption);
    await user.type(caption, ' Ink in water, slowed down ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(api.calls('PATCH /api/reels/41')[0].body).toEqual({ caption: 'Ink in water, slowed down' });
    expect(await within(slide(1)).findByText('Ink in water, slowed down')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit reel' })).not.toBeInTheDocument();
    expect(within(slide(1)).getByRole('button', { name: 'Edited, show edit history' })).toHaveTextContent('Edited');
  });

  it("offers no Edit on someone else's reel, and opens its history from 'Edited'", async () => {
    const user = userEvent.setup();
    serve(() => json(mine));
    renderWithApp(<ReelsScreen />, { path: '/reels?reel=42', user: me });
    const second = await screen.findByRole('region', { name: 'Reel 2 by Leo Park' });
    // Nothing of yours to offer (Mute, Block and Report come from the safety layer, absent here).
    expect(within(second).queryByRole('button', { name: 'More options' })).not.toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Edited, show edit history' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit history' });
    const versions = await within(dialog).findByRole('list', { name: 'Earlier versions' });
    expect(within(versions).getByText('Clay spin, take two')).toBeInTheDocument();
    expect(within(versions).getByText('No caption')).toBeInTheDocument();
  });

  it("refuses an over-long caption without sending, and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const api = serve(() => apiError(403, 'You can only edit your own reels', 'forbidden'));
    renderWithApp(<ReelsScreen />, { user: me });
    await screen.findByRole('region', { name: `Reel 1 by ${me.displayName}` });
    await user.click(within(slide(1)).getByRole('button', { name: 'More options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit reel' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit reel' });
    const caption = within(dialog).getByLabelText('Caption');
    await user.clear(caption);
    await user.click(caption);
    await user.paste('x'.repeat(2201));
    expect(within(dialog).getByText('2201/2200')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Caption must be at most 2200 characters');
    expect(api.calls('PATCH /api/reels/41')).toHaveLength(0);

    await user.clear(caption);
    await user.type(caption, 'Short');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can only edit your own reels');
    expect(caption).toHaveValue('Short');
  });
});
