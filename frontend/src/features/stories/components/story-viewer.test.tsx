import { act, fireEvent, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SafetyActionsProvider } from '@/lib/safety-actions';
import { json, renderWithApp } from '@/test/render';
import { aGroup } from '@/test/stories';
import { storyKeys } from '../api/keys';
import type { StoryGroup } from '../types';
import { StoryViewer, type SponsoredStories } from './story-viewer';

const leo = { id: 2, username: 'leo', displayName: 'Leo Park' };
const ana = { id: 3, username: 'ana', displayName: 'Ana Silva' };

let fetchMock: ReturnType<typeof vi.fn>;
let onClose: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async () => json({ viewsCount: 1 }));
  vi.stubGlobal('fetch', fetchMock);
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

function renderViewer(groups = groupsFixture(), startGroup = 0) {
  const result = renderWithApp(<StoryViewer groups={groups} startGroup={startGroup} onClose={onClose} />);
  result.queryClient.setQueryData(storyKeys.groups(), groups);
  return result;
}

function progress() {
  return screen.getByRole('progressbar');
}

function tick(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
}

describe('StoryViewer', () => {
  it('shows the author, the relative time, the caption and the view count in a full-screen dialog', () => {
    renderViewer();
    const dialog = screen.getByRole('dialog', { name: 'Leo Park' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByText('3h')).toBeInTheDocument();
    expect(screen.getByText('Sketch one')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sketch one' })).toBeInTheDocument();
    expect(screen.getByText('4 views')).toBeInTheDocument();
    expect(progress()).toHaveAccessibleName('Story 1 of 2');
  });

  it('advances 2 % every 100 ms and moves to the next story after 5 seconds', () => {
    renderViewer();
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

  it('goes on to the next group and closes after its last story', () => {
    renderViewer();
    tick(5000);
    tick(5000);
    expect(screen.getByRole('dialog', { name: 'Ana Silva' })).toBeInTheDocument();
    expect(screen.getByText('Ana only')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    tick(5000);
    expect(onClose).toHaveBeenCalled();
  });

  it('disables previous on the very first story and steps with the arrows and tap zones', () => {
    renderViewer();
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

  it('starts at the picked group, which may go back to the group before it', () => {
    renderViewer(groupsFixture(), 1);
    expect(screen.getByText('Ana only')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Previous story' }));
    expect(screen.getByText('Sketch two')).toBeInTheDocument();
  });

  it('closes when next is pressed on the last story', () => {
    renderViewer(groupsFixture(), 1);
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('follows the arrow keys and closes on Escape', () => {
    renderViewer();
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
    const { queryClient } = renderViewer(groups);
    const first = groups[0].stories[0];
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/stories/${first.id}/view`);
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ method: 'POST', credentials: 'include' });
    await act(() => vi.advanceTimersByTimeAsync(0));
    const cached = queryClient.getQueryData<StoryGroup[]>(storyKeys.groups())!;
    expect(cached[0].stories[0]).toMatchObject({ viewsCount: 1, viewedByMe: true });

    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous story' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    // The first story is not sent again, the second once, Ana's (already seen) never.
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([
      `/api/stories/${first.id}/view`,
      `/api/stories/${groups[0].stories[1].id}/view`,
    ]);
  });

  it('clears every progress timer it started once closed', () => {
    const started = vi.spyOn(globalThis, 'setInterval');
    const cleared = vi.spyOn(globalThis, 'clearInterval');
    const { unmount } = renderViewer();
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

  function renderWith(sponsored: SponsoredStories | undefined, groups = manyGroups(), startGroup = 0) {
    const result = renderWithApp(
      <StoryViewer groups={groups} startGroup={startGroup} onClose={onClose} sponsored={sponsored} />,
    );
    result.queryClient.setQueryData(storyKeys.groups(), groups);
    return result;
  }

  /** The dialog's name: its title's label, else its text (Radix names the dialog by its title). */
  function dialogName(): string {
    const dialog = screen.getByRole('dialog');
    const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
    return title?.getAttribute('aria-label') ?? title?.textContent ?? '';
  }

  /** The dialog's name at each Next until the viewer closes. */
  function walk(): string[] {
    const names: string[] = [];
    for (let step = 0; step < 30 && !onClose.mock.calls.length; step++) {
      names.push(dialogName());
      fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    }
    return names;
  }

  it('shows one after every third group, between two groups, rotating through the ads', () => {
    renderWith(twoAds().sponsored);
    expect(walk()).toEqual([
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

  it('counts the groups from the one it opened on, never inside a group', () => {
    renderWith(twoAds().sponsored, manyGroups(), 1);
    expect(walk()).toEqual([
      'Ana Silva',
      'Ben Ode',
      'Cleo Ray',
      'Sponsored: Inkwell Studio',
      'Dev Kim',
      'Eli Moss',
      'Fay Lund',
    ]);
  });

  it('runs 5 s like a story and steps back and forth with the arrows, the keys and the tap zones', () => {
    const { sponsored, mounted } = twoAds();
    renderWith(sponsored);
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
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

  it('keeps focus on the same next button when a sponsored story comes and goes', () => {
    renderWith(twoAds().sponsored);
    const nextButton = screen.getByRole('button', { name: 'Next story' });
    nextButton.focus();
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    expect(screen.getByRole('dialog', { name: 'Cleo Ray' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next story' })).toBe(nextButton);
    expect(nextButton).toHaveFocus();
  });

  it('shows none when no story ad runs, and the viewer walks the groups as before', () => {
    const none = vi.fn<SponsoredStories>(() => null);
    renderWith(none);
    expect(walk()).toEqual(['Leo Park', 'Leo Park', ...people.map((p) => p.displayName)]);
    expect(none).toHaveBeenCalled();
    expect(screen.queryByText(/Sponsored/)).not.toBeInTheDocument();
  });

  it('passes over a sponsored story whose ad stopped running while it was due', () => {
    const { sponsored } = twoAds();
    let running = true;
    renderWith((slot) => (running ? sponsored(slot) : null));
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: 'Next story' }));
    expect(screen.getByRole('dialog', { name: 'Sponsored: Inkwell Studio' })).toBeInTheDocument();
    running = false;
    tick(100); // the next render finds no ad
    expect(screen.getByRole('dialog', { name: 'Cleo Ray' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('StoryViewer report', () => {
  it("offers 'Report story' on someone else's story: the viewer closes and the Report dialog opens for it", () => {
    const safety = { viewerId: ana.id, mute: vi.fn(), block: vi.fn(), report: vi.fn() };
    const groups = groupsFixture();
    renderWithApp(
      <SafetyActionsProvider value={safety}>
        <StoryViewer groups={groups} startGroup={0} onClose={onClose} />
      </SafetyActionsProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Report story' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(safety.report).toHaveBeenCalledWith({ targetType: 'story', targetId: groups[0].stories[0].id });
  });

  it('has no Report on your own story', () => {
    const safety = { viewerId: leo.id, mute: vi.fn(), block: vi.fn(), report: vi.fn() };
    renderWithApp(
      <SafetyActionsProvider value={safety}>
        <StoryViewer groups={groupsFixture()} startGroup={0} onClose={onClose} />
      </SafetyActionsProvider>,
    );
    expect(screen.queryByRole('button', { name: 'Report story' })).not.toBeInTheDocument();
  });

  describe('for its author (issue 43)', () => {
    const asAuthor = () => {
      const safety = { viewerId: leo.id, mute: vi.fn(), block: vi.fn(), report: vi.fn() };
      const groups = groupsFixture();
      const result = renderWithApp(
        <SafetyActionsProvider value={safety}>
          <StoryViewer groups={groups} startGroup={0} onClose={onClose} />
        </SafetyActionsProvider>,
      );
      result.queryClient.setQueryData(storyKeys.groups(), groups);
      return { ...result, groups };
    };

    it('shows no view count to anyone but the author', () => {
      const groups = [aGroup(leo, [{ caption: 'Not mine', viewsCount: null }])];
      renderWithApp(<StoryViewer groups={groups} startGroup={0} onClose={onClose} />);
      expect(screen.queryByText(/views?$/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Delete story' })).not.toBeInTheDocument();
    });

    it('opens who viewed the story from the view count, and the story waits meanwhile', async () => {
      fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
        String(input).includes('/viewers')
          ? json([{ user: { id: 3, username: 'ana', displayName: 'Ana Silva', profileImageUrl: null }, isFollowing: false, isRequested: false, at: new Date().toISOString() }])
          : json({ viewsCount: 4 }),
      );
      asAuthor();
      tick(1000);
      fireEvent.click(screen.getByRole('button', { name: '4 views' }));
      await act(async () => {
        await vi.runOnlyPendingTimersAsync();
      });
      const list = screen.getByRole('list', { name: 'Viewers' });
      expect(list).toHaveTextContent('Ana Silva');
      expect(fetchMock).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/stories\/\d+\/viewers$/), expect.anything());
      // The story behind the list is hidden from the accessibility tree meanwhile.
      const bar = () => screen.getByRole('progressbar', { hidden: true });
      const before = bar().getAttribute('aria-valuenow');
      tick(3000);
      expect(bar()).toHaveAttribute('aria-valuenow', before);
    });

    it('asks before deleting the story, then shows the next one', async () => {
      fetchMock.mockImplementation(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json({ viewsCount: 4 }),
      );
      const { groups } = asAuthor();
      fireEvent.click(screen.getByRole('button', { name: 'Delete story' }));
      const confirm = screen.getByRole('alertdialog', { name: 'Delete story?' });
      expect(fetchMock).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ method: 'DELETE' }));
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
      await act(async () => {
        await vi.runOnlyPendingTimersAsync();
      });
      expect(fetchMock).toHaveBeenCalledWith(`/api/stories/${groups[0].stories[0].id}`, expect.objectContaining({ method: 'DELETE' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
    });
  });
});
