import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthorMenu } from '@/components/author-menu';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { aProfile, json, me, renderWithApp } from '@/test/render';
import { apiError, serveApi } from '@/test/shop';
import { ProfileMenu } from './profile-menu';
import { BLOCK_EXPLANATION } from './block-dialog';
import { REPORT_REASONS, REPORT_TEXT } from '../report-text';
import { SafetyLayer } from './safety-layer';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const leo = { id: 2, username: 'leo' };

/** Something by Leo with its '⋯' menu, inside the layer, for the signed-in Maya. */
function renderMenu(routes: Parameters<typeof serveApi>[0] = {}, ui = <AuthorMenu author={leo} />) {
  const api = serveApi(routes);
  const app = renderWithApp(<SafetyLayer viewerId={me.id}>{ui}</SafetyLayer>, { user: me, path: '/profile/leo' });
  return { ...app, ...api };
}

/** Lists a block or a mute may change, each with something cached, to see which go stale. */
const cached = {
  feed: ['posts', 'feed'],
  trending: ['posts', 'trending'],
  tag: ['tags', 'neon'],
  reels: ['reels', 'list'],
  stories: ['stories', 'groups'],
  comments: ['comments', 'post', 7],
  profile: ['users', 'profile', 'leo'],
  search: ['users', 'explore-search', 'le'],
  conversations: ['chat', 'conversations'],
  blocked: ['/api/user/blocks'],
  shop: ['shop', 'products'],
} as const;

function stale(queryClient: ReturnType<typeof renderWithApp>['queryClient']) {
  return Object.entries(cached)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

function seed(queryClient: ReturnType<typeof renderWithApp>['queryClient']) {
  for (const key of Object.values(cached)) queryClient.setQueryData(key, { seeded: true });
}

describe("the '⋯' menu of someone else's things", () => {
  it("offers 'Mute @leo' and 'Block @leo', and no button on your own things", async () => {
    renderMenu({}, (
      <>
        <AuthorMenu author={leo} />
        <AuthorMenu author={{ id: me.id, username: me.username }} />
      </>
    ));
    const buttons = screen.getAllByRole('button', { name: 'More options' });
    expect(buttons).toHaveLength(1);
    await userEvent.setup().click(buttons[0]);
    expect(within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Mute @leo',
      'Block @leo',
    ]);
  });

  it('keeps the items its feature adds, on your own things too', async () => {
    const onSelect = vi.fn();
    renderMenu({}, (
      <AuthorMenu author={{ id: me.id, username: me.username }}>
        <DropdownMenuItem onSelect={onSelect}>Delete</DropdownMenuItem>
      </AuthorMenu>
    ));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('is reached and used with the keyboard alone', async () => {
    renderMenu();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'More options' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Mute @leo' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Block @leo' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More options' })).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Mute @leo' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Block @leo?' })).toBeInTheDocument();
  });
});

describe('blocking', () => {
  it('asks first, saying what a block does; Cancel sends nothing and gives focus back to the menu', async () => {
    const { calls } = renderMenu();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block @leo' }));

    const dialog = await screen.findByRole('dialog', { name: 'Block @leo?' });
    expect(dialog).toHaveAccessibleDescription(BLOCK_EXPLANATION);
    expect(within(dialog).getByRole('button', { name: 'Block' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST /api/users/2/block')).toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'More options' })).toHaveFocus());
  });

  it("blocks on 'Block': a toast says so and every list that may show them goes stale", async () => {
    const { calls, queryClient } = renderMenu({ 'POST /api/users/2/block': () => new Response(null, { status: 204 }) });
    seed(queryClient);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block @leo' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText('Blocked @leo')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST /api/users/2/block')).toHaveLength(1);
    expect(stale(queryClient)).toEqual([
      'feed',
      'trending',
      'tag',
      'reels',
      'stories',
      'comments',
      'profile',
      'search',
      'conversations',
      'blocked',
    ]);
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    renderMenu({ 'POST /api/users/2/block': () => apiError(404, 'User not found', 'not_found') });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block @leo' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Block' }));

    expect(await screen.findByText('User not found')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Block @leo?' })).toBeInTheDocument();
    expect(screen.queryByText('Blocked @leo')).not.toBeInTheDocument();
  });
});

describe('muting', () => {
  it("mutes at once with 'Muted @leo'; the feed, the stories and the profiles go stale, nothing else", async () => {
    const { calls, queryClient } = renderMenu({ 'POST /api/users/2/mute': () => new Response(null, { status: 204 }) });
    seed(queryClient);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Mute @leo' }));

    expect(await screen.findByText('Muted @leo')).toBeInTheDocument();
    expect(calls('POST /api/users/2/mute')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(stale(queryClient)).toEqual(['feed', 'stories', 'profile', 'search']);
  });
});

describe("a profile's '⋯' menu", () => {
  it("offers 'Mute' and 'Block' for someone not muted", async () => {
    const { calls } = renderMenu({ 'POST /api/users/2/mute': () => new Response(null, { status: 204 }) }, <ProfileMenu profile={aProfile()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mute', 'Block', 'Report account']);
    await user.click(screen.getByRole('menuitem', { name: 'Mute' }));
    expect(await screen.findByText('Muted @leo')).toBeInTheDocument();
    expect(calls('POST /api/users/2/mute')).toHaveLength(1);
  });

  it("offers 'Unmute' for someone muted, which unmutes", async () => {
    const { calls } = renderMenu(
      { 'DELETE /api/users/2/mute': () => new Response(null, { status: 204 }) },
      <ProfileMenu profile={aProfile({ isMuted: true })} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Unmute', 'Block', 'Report account']);
    await user.click(screen.getByRole('menuitem', { name: 'Unmute' }));
    expect(await screen.findByText('Unmuted @leo')).toBeInTheDocument();
    expect(calls('DELETE /api/users/2/mute')).toHaveLength(1);
  });

  it('goes to the home feed after a block', async () => {
    const { location } = renderMenu(
      { 'POST /api/users/2/block': () => new Response(null, { status: 204 }), 'GET /api/users/username/leo': () => json(aProfile()) },
      <ProfileMenu profile={aProfile()} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Block' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Block @leo?' })).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    expect(await screen.findByText('Blocked @leo')).toBeInTheDocument();
  });
});

describe('reporting', () => {
  const post = { targetType: 'post', targetId: 7 } as const;

  async function openReport(routes: Parameters<typeof serveApi>[0] = {}, ui = <AuthorMenu author={leo} report={post} />) {
    const app = renderMenu(routes, ui);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this post' });
    return { ...app, user, dialog };
  }

  it("offers 'Report' after Mute and Block when the feature names the target, and none on your own things", async () => {
    renderMenu({}, (
      <>
        <AuthorMenu author={leo} report={post} />
        <AuthorMenu author={{ id: me.id, username: me.username }} report={{ targetType: 'post', targetId: 8 }} />
      </>
    ));
    const buttons = screen.getAllByRole('button', { name: 'More options' });
    expect(buttons).toHaveLength(1);
    await userEvent.setup().click(buttons[0]);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mute @leo', 'Block @leo', 'Report']);
  });

  it("lists the seven reasons, takes details up to 1000 characters, and thanks on Submit", async () => {
    const { user, dialog, calls } = await openReport({ 'POST /api/reports': () => json({ id: 5 }, { status: 201 }) });
    const reasons = within(within(dialog).getByRole('group', { name: REPORT_TEXT.reasons })).getAllByRole('radio');
    expect(reasons.map((radio) => radio.closest('label')?.textContent)).toEqual(REPORT_REASONS.map((r) => r.label));
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();

    await user.click(within(dialog).getByRole('radio', { name: 'Bullying or harassment' }));
    const details = within(dialog).getByLabelText(REPORT_TEXT.details);
    expect(details).toHaveAttribute('maxLength', '1000');
    expect(details).toHaveAccessibleDescription('0/1000');
    await user.type(details, '  keeps posting this  ');
    expect(within(dialog).getByText('22/1000')).toBeInTheDocument();
    await user.click(submit);

    expect(await screen.findByText('Thanks for letting us know')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST /api/reports')[0].body).toEqual({ targetType: 'post', targetId: 7, reason: 'harassment', details: 'keeps posting this' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'More options' })).toHaveFocus());
  });

  it("toasts the server's refusal and keeps the dialog open with the choice made", async () => {
    const { user, dialog } = await openReport({ 'POST /api/reports': () => apiError(429, 'Too many reports. Try again in 59 minutes.', 'rate_limited') });
    await user.click(within(dialog).getByRole('radio', { name: "It's spam" }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Too many reports. Try again in 59 minutes.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Report this post' })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: "It's spam" })).toBeChecked();
  });

  it('offers to send the report to the server of an account of another server, off until ticked', async () => {
    const alice = { id: 9, username: 'alice@social.example' };
    const { user, dialog, calls } = await openReport(
      { 'POST /api/reports': () => json({ id: 7 }, { status: 201 }) },
      <AuthorMenu author={alice} report={post} />,
    );
    const forward = within(dialog).getByRole('checkbox', { name: /Also send this report to social\.example/ });
    expect(forward).not.toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: "It's spam" }));
    await user.click(forward);
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks for letting us know')).toBeInTheDocument();
    expect(calls('POST /api/reports')[0].body).toEqual({ targetType: 'post', targetId: 7, reason: 'spam', forward: true });
  });

  it('offers no forwarding for an account of this server', async () => {
    const { dialog } = await openReport();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("reports an account from its profile's menu", async () => {
    const { calls } = renderMenu({ 'POST /api/reports': () => json({ id: 6 }, { status: 201 }) }, <ProfileMenu profile={aProfile()} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.click(screen.getByRole('menuitem', { name: 'Report account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this account' });
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Thanks for letting us know')).toBeInTheDocument();
    expect(calls('POST /api/reports')[0].body).toEqual({ targetType: 'user', targetId: 2, reason: 'other' });
  });
});
