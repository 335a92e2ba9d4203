import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anAd } from '@/test/ads';
import { json, me, renderWithApp } from '@/test/render';
import { BannerAd, resetBannerDismissal } from './banner-ad';

let fetchMock: ReturnType<typeof vi.fn>;
let banners = [anAd(), anAd({ id: 42, title: 'Second banner' })];
beforeEach(() => {
  resetBannerDismissal();
  banners = [anAd(), anAd({ id: 42, title: 'Second banner' })];
  fetchMock = vi.fn(async (url: string) => {
    if (url === '/api/auth/user') return json(me);
    if (url === '/api/ads/banner') return json(banners);
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function interactions() {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/interaction'))
    .map(([url, init]) => ({ url, body: JSON.parse((init as RequestInit).body as string) }));
}

describe('BannerAd', () => {
  it('shows the first banner as sponsored and records one impression, even under StrictMode', async () => {
    renderWithApp(
      <StrictMode>
        <BannerAd />
      </StrictMode>,
      { user: me },
    );
    const banner = await screen.findByRole('complementary', { name: 'Sponsored' });
    expect(banner).toHaveTextContent('Sponsored');
    expect(banner).toHaveTextContent('Brush Pack Pro');
    expect(banner).toHaveTextContent('120 hand-made brushes for digital painters');
    expect(banner).toHaveTextContent('Inkwell Studio');
    expect(screen.queryByText('Second banner')).not.toBeInTheDocument();
    await act(async () => {});
    expect(interactions()).toEqual([
      { url: '/api/ads/41/interaction', body: { type: 'impression' } },
    ]);
  });

  it('records a click and opens the target in a new tab with no opener and no referrer', async () => {
    renderWithApp(<BannerAd />, { user: me });
    const link = await screen.findByRole('link', { name: /Brush Pack Pro/ });
    expect(link).toHaveAttribute('href', 'https://brushes.example.com/pro');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ').sort()).toEqual(['noopener', 'noreferrer']);
    // jsdom does not open tabs; keep it from trying.
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    await act(async () => {});
    expect(interactions().map((call) => [call.url, call.body.type])).toEqual([
      ['/api/ads/41/interaction', 'impression'],
      ['/api/ads/41/interaction', 'click'],
    ]);
  });

  it('can be closed, and stays closed when shown again during the visit', async () => {
    const user = userEvent.setup();
    const first = renderWithApp(<BannerAd />, { user: me });
    await user.click(await screen.findByRole('button', { name: 'Close ad' }));
    expect(screen.queryByRole('complementary', { name: 'Sponsored' })).not.toBeInTheDocument();
    first.unmount();
    renderWithApp(<BannerAd />, { user: me });
    await act(async () => {});
    expect(screen.queryByRole('complementary', { name: 'Sponsored' })).not.toBeInTheDocument();
  });

  it('shows nothing when no banner is running', async () => {
    banners = [];
    renderWithApp(<BannerAd />, { user: me });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/ads/banner', expect.anything()));
    await act(async () => {});
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(screen.queryByText('Sponsored')).not.toBeInTheDocument();
    expect(interactions()).toEqual([]);
  });
});
