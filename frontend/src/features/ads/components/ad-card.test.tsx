import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anAd } from '@/test/ads';
import { json, me, renderWithApp } from '@/test/render';
import { AdCard } from './ad-card';

/** An IntersectionObserver the test drives by hand. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(private callback: IntersectionObserverCallback) {
    FakeObserver.instances.push(this);
  }
  observe(node: Element) {
    this.observed.push(node);
  }
  disconnect() {
    this.disconnected = true;
  }
  show() {
    this.callback(
      this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    );
  }
}

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  FakeObserver.instances = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  fetchMock = vi.fn(async (url: string) => (url === '/api/auth/user' ? json(me) : new Response(null, { status: 204 })));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const impressions = () => fetchMock.mock.calls.filter(([, init]) => String((init as RequestInit | undefined)?.body).includes('impression'));

describe('AdCard', () => {
  it('records its impression once, when it comes into view', async () => {
    renderWithApp(<AdCard ad={anAd({ category: 'feed' })} />, { user: me });
    const card = screen.getByRole('article', { name: 'Sponsored: Brush Pack Pro' });
    expect(card).toHaveTextContent('Sponsored');
    expect(impressions()).toHaveLength(0);
    const observer = FakeObserver.instances.at(-1)!;
    act(() => observer.show());
    act(() => observer.show());
    await act(async () => {});
    expect(impressions()).toHaveLength(1);
    expect(impressions()[0][0]).toBe('/api/ads/41/interaction');
    expect(observer.disconnected).toBe(true);
  });

  it('opens the target in a new tab with no opener and no referrer', () => {
    renderWithApp(<AdCard ad={anAd()} />, { user: me });
    const link = screen.getByRole('link');
    expect(link).toHaveAttribute('href', 'https://brushes.example.com/pro');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
