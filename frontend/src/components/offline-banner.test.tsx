import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/test/render';
import { OfflineBanner } from './offline-banner';

const render = renderWithApp;

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OfflineBanner', () => {
  it('shows nothing while online', () => {
    render(<OfflineBanner />);
    expect(screen.queryByText("You're offline")).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("says 'You're offline' in its status region when the browser goes offline, and goes when it is back", () => {
    render(<OfflineBanner />);
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");

    goOffline(false);
    expect(screen.queryByText("You're offline")).not.toBeInTheDocument();
  });

  it('shows from the start when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByText("You're offline")).toBeInTheDocument();
  });
});

describe("OfflineBanner while Atelier does not answer (issue 43)", () => {
  const UNREACHABLE = "Can't reach Atelier — retrying";

  it('says so after a request fails on the network, in a polite status region, and goes with the next answer', async () => {
    const { queryClient } = render(<OfflineBanner />);
    const read = (answer: () => Promise<unknown>) =>
      act(() => queryClient.fetchQuery({ queryKey: ['probe', Math.random()], queryFn: answer, retry: false }).catch(() => undefined));

    await read(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(screen.getByRole('status')).toHaveTextContent(UNREACHABLE);
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');

    await read(() => Promise.resolve('ok'));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("says 'You're offline' rather than it while the browser has no network", async () => {
    const { queryClient } = render(<OfflineBanner />);
    await act(() =>
      queryClient.fetchQuery({ queryKey: ['probe'], queryFn: () => Promise.reject(new TypeError('Failed to fetch')), retry: false }).catch(() => undefined),
    );
    goOffline(true);
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");
    expect(screen.queryByText(UNREACHABLE)).not.toBeInTheDocument();
  });
});
