import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anAd } from '@/test/ads';
import { json, me, renderWithApp } from '@/test/render';
import { useSponsoredStories } from '../hooks/use-sponsored-stories';
import type { Ad } from '../types';
import { sponsoredStory } from './sponsored-story';

let fetchMock: ReturnType<typeof vi.fn>;
let storyAds: Ad[] = [];
beforeEach(() => {
  storyAds = [
    anAd({ category: 'story' }),
    anAd({ id: 42, title: 'Print your portfolio', advertiserName: 'Framewise', category: 'story' }),
  ];
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/ads/story') return json(storyAds);
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function interactions() {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/interaction'))
    .map(([url, init]) => [url, JSON.parse((init as RequestInit).body as string).type]);
}

function Page({ ad }: { ad: Ad }) {
  const page = sponsoredStory(ad);
  return (
    <div aria-label={page.label} role="region">
      {page.header}
      {page.body}
    </div>
  );
}

/** What the story viewer would get for its first three sponsored slots. */
function Slots() {
  const sponsored = useSponsoredStories();
  return (
    <ul>
      {[0, 1, 2].map((slot) => (
        <li key={slot}>{sponsored(slot)?.label ?? 'none'}</li>
      ))}
    </ul>
  );
}

describe('sponsoredStory', () => {
  it("names the advertiser under 'Sponsored' and shows the picture, title and description", () => {
    renderWithApp(<Page ad={anAd({ category: 'story' })} />);
    const page = screen.getByRole('region', { name: 'Sponsored: Inkwell Studio' });
    expect(page).toHaveTextContent('Sponsored');
    expect(page).toHaveTextContent('Inkwell Studio');
    expect(screen.getByRole('img', { name: 'Brush Pack Pro' })).toHaveAttribute('src', '/media/ad-brushes.jpg');
    expect(screen.getByText('Brush Pack Pro')).toBeInTheDocument();
    expect(screen.getByText('120 hand-made brushes for digital painters')).toBeInTheDocument();
  });

  it('records one impression when shown, even under StrictMode, and another when shown again', async () => {
    const first = renderWithApp(
      <StrictMode>
        <Page ad={anAd()} />
      </StrictMode>,
    );
    await act(async () => {});
    expect(interactions()).toEqual([['/api/ads/41/interaction', 'impression']]);
    first.unmount();
    renderWithApp(<Page ad={anAd()} />);
    await act(async () => {});
    expect(interactions()).toEqual([
      ['/api/ads/41/interaction', 'impression'],
      ['/api/ads/41/interaction', 'impression'],
    ]);
  });

  it("opens 'Learn more' in a new tab with no opener and no referrer, recorded as a click", async () => {
    renderWithApp(<Page ad={anAd()} />);
    const link = screen.getByRole('link', { name: 'Learn more' });
    expect(link).toHaveAttribute('href', 'https://brushes.example.com/pro');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    link.addEventListener('click', (event) => event.preventDefault()); // jsdom opens no tabs
    fireEvent.click(link);
    await act(async () => {});
    expect(interactions()).toEqual([
      ['/api/ads/41/interaction', 'impression'],
      ['/api/ads/41/interaction', 'click'],
    ]);
  });
});

describe('useSponsoredStories', () => {
  it('rotates through the story ads of GET /api/ads/story', async () => {
    renderWithApp(<Slots />, { user: me });
    await waitFor(() =>
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'Sponsored: Inkwell Studio',
        'Sponsored: Framewise',
        'Sponsored: Inkwell Studio',
      ]),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/ads/story', expect.anything());
  });

  it('gives none when no story ad runs', async () => {
    storyAds = [];
    renderWithApp(<Slots />, { user: me });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/ads/story', expect.anything()));
    await act(async () => {});
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['none', 'none', 'none']);
  });
});
