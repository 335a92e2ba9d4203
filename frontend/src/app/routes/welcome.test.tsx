import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '@/lib/query-keys';
import { aProfile, json, me, renderWithApp } from '@/test/render';
import { serveApi } from '@/test/shop';
import WelcomePage from './welcome';

afterEach(() => vi.unstubAllGlobals());

const newcomer = { ...me, onboarded: false };
const profile = aProfile({ id: 1, username: 'maya', displayName: 'Maya Chen', bio: null, skills: [] });
const suggested = {
  id: 5,
  username: 'ines',
  displayName: 'Ines Ray',
  profileImageUrl: null,
  bio: null,
  skills: ['design'],
  followersCount: 1,
  sharedSkills: ['design'],
};

function serveFirstRun() {
  return serveApi({
    'GET /api/auth/user': () => json(newcomer),
    'GET /api/users/username/maya': () => json(profile),
    'PATCH /api/user/profile': ({ body }) => json({ ...profile, ...(body as object) }),
    'GET /api/users/suggestions': () => json([suggested]),
    'POST /api/users/5/follow': () => json({ isFollowing: true, isRequested: false }),
    'POST /api/user/onboarding': () => new Response(null, { status: 204 }),
  });
}

describe('WelcomePage', () => {
  it('saves a bio, then the skills, follows someone, and Done ends the first run and goes Home', async () => {
    const user = userEvent.setup();
    const { calls } = serveFirstRun();
    const { location, queryClient } = renderWithApp(<WelcomePage />, { path: '/welcome', user: newcomer });

    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByRole('heading', { level: 1, name: 'Add a profile picture and bio' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Change profile picture' })).toBeInTheDocument();
    await user.type(await screen.findByLabelText('Bio'), 'I paint harbours');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'What do you make?' })).toBeInTheDocument();
    expect(calls('PATCH /api/user/profile')[0].body).toEqual({ bio: 'I paint harbours' });
    await user.click(await screen.findByRole('button', { name: 'Photography' }));
    await user.click(screen.getByRole('button', { name: 'Digital Art' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'People to follow' })).toBeInTheDocument();
    expect(calls('PATCH /api/user/profile')[1].body).toEqual({ skills: ['design', 'photo'] });
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    const people = screen.getByRole('region', { name: 'People to follow' });
    await user.click(await within(people).findByRole('button', { name: 'Follow' }));
    expect(await within(people).findByRole('button', { name: 'Following' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(calls('POST /api/user/onboarding')).toHaveLength(1);
    expect(queryClient.getQueryData<typeof newcomer>(userQueryKey)?.onboarded).toBe(true);
  });

  it('skips every step without saving anything, and the last Skip ends the first run too', async () => {
    const user = userEvent.setup();
    const { calls } = serveFirstRun();
    const { location } = renderWithApp(<WelcomePage />, { path: '/welcome', user: newcomer });
    for (const title of ['Add a profile picture and bio', 'What do you make?', 'People to follow']) {
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Skip' }));
    }
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(calls('POST /api/user/onboarding')).toHaveLength(1);
    expect(calls('PATCH /api/user/profile')).toHaveLength(0);
  });

  it('moves on without saving when Next finds nothing changed', async () => {
    const user = userEvent.setup();
    const { calls } = serveFirstRun();
    renderWithApp(<WelcomePage />, { path: '/welcome', user: newcomer });
    await screen.findByLabelText('Bio');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'What do you make?' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { level: 1, name: 'People to follow' });
    expect(calls('PATCH /api/user/profile')).toHaveLength(0);
  });
});
