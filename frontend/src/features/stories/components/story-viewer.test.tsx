import { act, fireEvent, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SafetyActionsProvider, type SafetyActions } from '@/lib/safety-actions';
import { deferred, json, renderWithApp } from '@/test/render';
import { aCircle, aGroup, storiesServer } from '@/test/stories';
import { storyKeys } from '../api/keys';
import type { StoryGroup, StoryStripGroup } from '../types';
import { StoryViewer, type SponsoredStories } from './story-viewer';

const leo = { id: 2, username: 'leo', displayName: 'Leo Park' };
const ana = { id: 3, username: 'ana', displayName: 'Ana Silva' };
const ben = { id: 4, username: 'ben', displayName: 'Ben Ode' };

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let onClose: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  vi.useFakeTimers();
  onClose = vi.fn<() => void>();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function groupsFixture(): StoryGroup[] {
  return [
    aGroup(leo, [{ caption: 'Sketch one', viewsCount: 4 }, { caption: 'Sketch two' }]),
    aGroup(ana, [{ caption: 'Ana only', viewedByMe: true, viewsCount: 1 }]),
  ];
}

/**
 * Lets the answers in flight arrive, and those they lead to: 10 ms, for React Query hands each
 * change on with a timer (a fake one runs 1 ms later); a story's progress moves every 100 ms.
 */
function settle() {
  return act(() => vi.advanceTimersByTimeAsync(10));
}

/** A request the test answers itself (a slow or failing one), or null for the server to. */
type Intercept = (url: string, init?: RequestInit) => Promise<Response> | null;

/**
 * Opens the viewer on the strip's circles of `groups`, over a server holding `groups`, and lets
 * the opened circle's stories (and the next one's) arrive.
 */
async function renderViewer(
  groups = groupsFixture(),
  {
    startGroup = 0,
    circles = groups.map(aCircle),
    sponsored,
    safety,
    intercept = () => null,
  }: { startGroup?: number; circles?: StoryStripGroup[]; sponsored?: SponsoredStories; safety?: SafetyActions; intercept?: Intercept } = {},
) {
  const server = storiesServer(groups);
  fetchMock = vi.fn<typeof fetch>(
    async (input, init) => (await intercept(String(input), init)) ?? server.answer(String(input), init) ?? json({}, { status: 404 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  const viewer = <StoryViewer groups={circles} startGroup={startGroup} onClose={onClose} sponsored={sponsored} />;
  const result = renderWithApp(safety ? <SafetyActionsProvider value={safety}>{viewer}</SafetyActionsProvider> : viewer);
  result.queryClient.setQueryData(storyKeys.groups(), circles);
  await settle();
  return result;
}

function progress() {
  return screen.getByRole('progressbar');
}

function tick(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

function requested(): string[] {
  return fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
}

describe('StoryViewer', () => {
  it('shows the author, the relative time, the caption and the view count in a full-screen dialog', async () => {
    await renderViewer();
    const dialog = screen.getByRole('dialog', { name: 'Leo Park' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByText('3h')).toBeInTheDocument();
    expect(screen.getByText('Sketch one')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sketch one' })).toBeInTheDocument();
    expect(screen.getByText('4 views')).toBeInTheDocument();
    expect(progress()).toHaveAccessibleName('Story 1 of 2');
    expect(requested()).toContain(`GET /api/users/${leo.id}/stories`);
  });

  it("says it is loading the circle's stories, the timer waiting, then shows the oldest first", async () => {
    const answer = deferred<Response>();
    const groups = groupsFixture();
    await renderViewer(groups, { intercept: (url) => (url === `/api/users/${leo.id}/stories` ? answer.promise : null) });
    expect(screen.getByRole('dialog', { name: 'Leo Park' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAccessibleName('Loading story');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    tick(10_000);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveAccessibleName('Loading story');

    answer.resolve(json(groups[0]));
    await settle();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByText('Sketch one')).toBeInTheDocument();
    expect(progress()).toHaveAccessibleName('Story 1 of 2');
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    tick(100);
    expect(progress()).toHaveAttribute('aria-valuenow', '2');
  });

  it('says when a circle could not be loaded, and Next moves on', async () => {
    await renderViewer(groupsFixture(), {
      intercept: (url) => (url === `/api/users/${leo.id}/stories` ? Promise.resolve(new Response('boom', { status: 500 })) : null),
    });
    expect(screen.getByText('This story could not be loaded.')).toBeInTheDocument();
    tick(10_000);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    expect(screen.getByText('Ana only')).toBeInTheDocument();
  });

  it('advances 2 % every 100 ms and moves to the next story after 5 seconds', async () => {
    await renderViewer();
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    tick(100);
    expect(progress()).toHaveAttribute('aria-valuenow', '2');
    tick(2400);
    expect(progress()).toHaveAttribute('aria-valuenow', '50');
    tick(2400);
    expect(progress()).toHaveAttribute('aria-valuenow', '98');
    expect(screen.getByText('Sketch one')).toBeInTheDocument();
    tick(100);
    expect(screen.getByText('Sketch two')).toBeInTheDocument();
    expect(progress()).toHaveAccessibleName('Story 2 of 2');
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
  });

  it('loads the next circle while showing this one, so it shows at once, and closes after its last story', async () => {
    await renderViewer();
    expect(requested()).toContain(`GET /api/users/${ana.id}/stories`);
    tick(5000);
    tick(5000);
    expect(screen.getByRole('dialog', { name: 'Ana Silva' })).toBeInTheDocument();
    expect(screen.getByText('Ana only')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    tick(5000);
    expect(onClose).toHaveBeenCalled();
  });

  it('disables previous on the very first story and steps with the arrows and tap zones', async () => {
    await renderViewer();
    expect(screen.getByRole('button', { name: 'Previous story' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    expect(screen.getByText('Sketch two')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous story' })).toBeEnabled();
    tick(1000);
    fireEvent.click(screen.getByRole('button', { name: 'Previous story' }));
    expect(screen.getByText('Sketch one')).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    fireEvent.click(screen.getByTestId('story-tap-next'));
    fireEvent.click(screen.getByTestId('story-tap-next'));
    expect(screen.getByText('Ana only')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('story-tap-previous'));
    expect(screen.getByText('Sketch two')).toBeInTheDocument();
  });

  it("starts at the picked circle; going back into the one before lands on its last story once it is loaded", async () => {
    await renderViewer(groupsFixture(), { startGroup: 1 });
    expect(screen.getByText('Ana only')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous story' }));
    expect(screen.getByRole('dialog', { name: 'Leo Park' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAccessibleName('Loading story');
    await settle();
    expect(screen.getByText('Sketch two')).toBeInTheDocument();
    expect(progress()).toHaveAccessibleName('Story 2 of 2');
  });

  it('passes over a circle that turns out empty or gone, the way it was going', async () => {
    const gone = { id: 9, username: 'gone', displayName: 'Gone Away' };
    const groups = [...groupsFixture(), aGroup(ben, [])];
    // Leo, Ben (his stories expired meanwhile), Gone (blocked since: 404), Ana.
    const circles = [groups[0], groups[2], aGroup(gone, [{}]), groups[1]].map(aCircle);
    await renderViewer(groups, { circles, startGroup: 3 });
    expect(screen.getByText('Ana only')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous story' }));
    await settle(); // Gone's answer: not found; Ben's: no stories; Leo's
    expect(screen.getByText('Sketch two')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    // Both are known empty now: straight on to Ana.
    expect(screen.getByText('Ana only')).toBeInTheDocument();
  });

  it('closes when the circle it opened on turns out empty with nothing after it', async () => {
    const groups = [aGroup(leo, [{ caption: 'Sketch one' }]), aGroup(ben, [])];
    await renderViewer(groups, { startGroup: 1 });
    expect(onClose).toHaveBeenCalled();
  });

  it('closes when next is pressed on the last story', async () => {
    await renderViewer(groupsFixture(), { startGroup: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('follows the arrow keys and closes on Escape', async () => {
    await renderViewer();
    const dialog = screen.getByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(screen.getByText('Sketch two')).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByText('Sketch one')).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(screen.getByText('Sketch one')).toBeInTheDocument();
    // Keys still work when focus has left the dialog's buttons.
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(screen.getByText('Sketch two')).toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('records each unseen story once when shown, and updates its view count', async () => {
    const groups = groupsFixture();
    const [first, second] = groups[0].stories;
    const { queryClient } = await renderViewer(groups, {
      intercept: (_url, init) => (init?.method === 'POST' ? Promise.resolve(json({ viewsCount: 7 })) : null),
    });
    const views = () => requested().filter((request) => request.startsWith('POST'));
    expect(views()).toEqual([`POST /api/stories/${first.id}/view`]);
    const cached = queryClient.getQueryData<StoryGroup>(storyKeys.user(leo.id))!;
    expect(cached.stories[0]).toMatchObject({ viewsCount: 7, viewedByMe: true });

    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous story' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    await settle();
    // The first story is not sent again, the second once, Ana's (already seen) never.
    expect(views()).toEqual([`POST /api/stories/${first.id}/view`, `POST /api/stories/${second.id}/view`]);
  });

  it("drops the circle's ring in the strip once each of its stories is seen", async () => {
    const { queryClient } = await renderViewer();
    const leoIsNew = () => queryClient.getQueryData<StoryStripGroup[]>(storyKeys.groups())![0].unseen;
    expect(leoIsNew()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    expect(leoIsNew()).toBe(false);
  });

  it('clears every progress timer it started once closed', async () => {
    const started = vi.spyOn(globalThis, 'setInterval');
    const cleared = vi.spyOn(globalThis, 'clearInterval');
    const { unmount } = await renderViewer();
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    unmount();
    const ids = started.mock.results.map((result) => result.value);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(cleared).toHaveBeenCalledWith(id);
  });
});

describe('StoryViewer with sponsored stories', () => {
  const people = ['Ana Silva', 'Ben Ode', 'Cleo Ray', 'Dev Kim', 'Eli Moss', 'Fay Lund'].map((displayName, i) => ({
    id: 10 + i,
    username: `user${i}`,
    displayName,
  }));
  const advertisers = ['Inkwell Studio', 'Framewise'];

  /** Leo (two stories), then six creators with one story each. */
  function manyGroups(): StoryGroup[] {
    return [
      aGroup(leo, [{ caption: 'Sketch one' }, { caption: 'Sketch two' }]),
      ...people.map((person) => aGroup(person, [{ caption: `${person.displayName} story` }])),
    ];
  }

  /** Two ads in rotation; `shown` counts how often each slot's page was mounted. */
  function twoAds() {
    const mounted: number[] = [];
    function Body({ slot }: { slot: number }) {
      // A ref-free stand-in for the ads feature's page: counts each mount.
      useEffect(() => {
        mounted.push(slot);
      }, [slot]);
      return <p>Ad page {slot}</p>;
    }
    const sponsored: SponsoredStories = (slot) => ({
      label: `Sponsored: ${advertisers[slot % advertisers.length]}`,
      header: <span>Sponsored {advertisers[slot % advertisers.length]}</span>,
      body: <Body slot={slot} />,
    });
    return { sponsored, mounted };
  }

  /** The dialog's name: its title's label, else its text (Radix names the dialog by its title). */
  function dialogName(): string {
    const dialog = screen.getByRole('dialog');
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    return title?.getAttribute('aria-label') ?? title?.textContent ?? '';
  }

  /** Next, once the page shown is in (the next circle's stories arrive meanwhile). */
  async function next() {
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    await settle();
  }

  /** The dialog's name at each Next until the viewer closes. */
  async function walk(): Promise<string[]> {
    const names: string[] = [];
    for (let step = 0; step < 30 && !onClose.mock.calls.length; step++) {
      names.push(dialogName());
      await next();
    }
    return names;
  }

  it('shows one after every third group, between two groups, rotating through the ads', async () => {
    await renderViewer(manyGroups(), { sponsored: twoAds().sponsored });
    expect(await walk()).toEqual([
      'Leo Park',
      'Leo Park',
      'Ana Silva',
      'Ben Ode',
      'Sponsored: Inkwell Studio',
      'Cleo Ray',
      'Dev Kim',
      'Eli Moss',
      'Sponsored: Framewise',
      'Fay Lund',
    ]);
    // Nothing after the last group: Next there closed the viewer.
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('counts the groups from the one it opened on, never inside a group', async () => {
    await renderViewer(manyGroups(), { sponsored: twoAds().sponsored, startGroup: 1 });
    expect(await walk()).toEqual([
      'Ana Silva',
      'Ben Ode',
      'Cleo Ray',
      'Sponsored: Inkwell Studio',
      'Dev Kim',
      'Eli Moss',
      'Fay Lund',
    ]);
  });

  it('runs 5 s like a story and steps back and forth with the arrows, the keys and the tap zones', async () => {
    const { sponsored, mounted } = twoAds();
    await renderViewer(manyGroups(), { sponsored });
    for (let i = 0; i < 4; i++) await next();
    const dialog = screen.getByRole('dialog', { name: 'Sponsored: Inkwell Studio' });
    expect(dialog).toHaveTextContent('Sponsored Inkwell Studio');
    expect(screen.getByText('Ad page 0')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous story' })).toBeEnabled();
    expect(progress()).toHaveAccessibleName('Sponsored story');
    tick(2500);
    expect(progress()).toHaveAttribute('aria-valuenow', '50');
    tick(2500);
    expect(screen.getByRole('dialog', { name: 'Cleo Ray' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Previous story' }));
    expect(screen.getByRole('dialog', { name: 'Sponsored: Inkwell Studio' })).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '0');
    fireEvent.click(screen.getByRole('button', { name: 'Previous story' }));
    expect(screen.getByText('Ben Ode story')).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(screen.getByText('Ad page 0')).toBeInTheDocument();
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(screen.getByText('Ben Ode story')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('story-tap-next'));
    fireEvent.click(screen.getByTestId('story-tap-next'));
    expect(screen.getByText('Cleo Ray story')).toBeInTheDocument();
    // Each showing mounted the page once: the ads feature records one impression per showing.
    expect(mounted).toEqual([0, 0, 0, 0]);
  });

  it('keeps focus on the same next button when a sponsored story comes and goes', async () => {
    await renderViewer(manyGroups(), { sponsored: twoAds().sponsored });
    const nextButton = screen.getByRole('button', { name: 'Next story' });
    nextButton.focus();
    for (let i = 0; i < 5; i++) await next();
    expect(screen.getByRole('dialog', { name: 'Cleo Ray' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next story' })).toBe(nextButton);
    expect(nextButton).toHaveFocus();
  });

  it('shows none when no story ad runs, and the viewer walks the groups as before', async () => {
    const none = vi.fn<SponsoredStories>(() => null);
    await renderViewer(manyGroups(), { sponsored: none });
    expect(await walk()).toEqual(['Leo Park', 'Leo Park', ...people.map((p) => p.displayName)]);
    expect(none).toHaveBeenCalled();
    expect(screen.queryByText(/Sponsored/)).not.toBeInTheDocument();
  });

  it('passes over a sponsored story whose ad stopped running while it was due', async () => {
    const { sponsored } = twoAds();
    let running = true;
    await renderViewer(manyGroups(), { sponsored: (slot) => (running ? sponsored(slot) : null) });
    for (let i = 0; i < 4; i++) await next();
    expect(screen.getByRole('dialog', { name: 'Sponsored: Inkwell Studio' })).toBeInTheDocument();
    running = false;
    tick(100); // the next render finds no ad
    expect(screen.getByRole('dialog', { name: 'Cleo Ray' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('StoryViewer report', () => {
  const asViewer = (viewerId: number) => ({ viewerId, mute: vi.fn(), block: vi.fn(), report: vi.fn() });

  it("offers 'Report story' on someone else's story: the viewer closes and the Report dialog opens for it", async () => {
    const safety = asViewer(ana.id);
    const groups = groupsFixture();
    await renderViewer(groups, { safety });
    fireEvent.click(screen.getByRole('button', { name: 'Report story' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(safety.report).toHaveBeenCalledWith({ targetType: 'story', targetId: groups[0].stories[0].id });
  });

  it('has no Report on your own story', async () => {
    await renderViewer(groupsFixture(), { safety: asViewer(leo.id) });
    expect(screen.queryByRole('button', { name: 'Report story' })).not.toBeInTheDocument();
  });

  describe('for its author (issue 43)', () => {
    /** Leo's two stories, which he has seen, and Ana's. */
    const ownGroups = () => [
      aGroup(leo, [{ caption: 'Sketch one', viewsCount: 4, viewedByMe: true }, { caption: 'Sketch two', viewedByMe: true }]),
      ...groupsFixture().slice(1),
    ];
    const asAuthor = async (groups = ownGroups(), intercept?: Intercept) => ({
      ...(await renderViewer(groups, { safety: asViewer(leo.id), intercept })),
      groups,
    });

    it('shows no view count to anyone but the author', async () => {
      await renderViewer([aGroup(leo, [{ caption: 'Not mine', viewsCount: null }])]);
      expect(screen.queryByText(/views?$/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete story' })).not.toBeInTheDocument();
    });

    it('opens who viewed the story from the view count, and the story waits meanwhile', async () => {
      await asAuthor(ownGroups(), (url) =>
        url.includes('/viewers')
          ? Promise.resolve(
              json([{ user: { id: 3, username: 'ana', displayName: 'Ana Silva', profileImageUrl: null }, isFollowing: false, isRequested: false, at: new Date().toISOString() }]),
            )
          : null,
      );
      tick(1000);
      fireEvent.click(screen.getByRole('button', { name: '4 views' }));
      await settle();
      const list = screen.getByRole('list', { name: 'Viewers' });
      expect(list).toHaveTextContent('Ana Silva');
      expect(fetchMock).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/stories\/\d+\/viewers$/), expect.anything());
      // The story behind the list is hidden from the accessibility tree meanwhile.
      const bar = () => screen.getByRole('progressbar', { hidden: true });
      const before = bar().getAttribute('aria-valuenow');
      tick(3000);
      expect(bar()).toHaveAttribute('aria-valuenow', before);
    });

    async function deleteShown() {
      fireEvent.click(screen.getByRole('button', { name: 'Delete story' }));
      const confirm = screen.getByRole('alertdialog', { name: 'Delete story?' });
      expect(requested().filter((request) => request.startsWith('DELETE'))).toEqual([]);
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await settle();
    }

    it('asks before deleting the story, then shows the next one', async () => {
      const { groups } = await asAuthor();
      const [first] = groups[0].stories;
      await deleteShown();
      expect(requested()).toContain(`DELETE /api/stories/${first.id}`);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.getByText('Sketch two')).toBeInTheDocument();
      expect(progress()).toHaveAccessibleName('Story 1 of 1');
      expect(onClose).not.toHaveBeenCalled();
    });

    it('closes after deleting the last story, and the circle leaves the strip', async () => {
      const { queryClient } = await asAuthor([aGroup(leo, [{ caption: 'Only one', viewsCount: 0, viewedByMe: true }]), ...groupsFixture().slice(1)]);
      await deleteShown();
      expect(onClose).toHaveBeenCalledTimes(1);
      const strip = queryClient.getQueryData<StoryStripGroup[]>(storyKeys.groups())!;
      expect(strip.map((circle) => circle.user.displayName)).toEqual(['Ana Silva']);
    });
  });
});
