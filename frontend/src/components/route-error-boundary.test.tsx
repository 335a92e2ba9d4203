import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from '@/lib/lazy-page';
import { json, renderWithApp } from '@/test/render';
import { RouteErrorBoundary } from './route-error-boundary';

function ShopPage() {
  return <h1>Shop</h1>;
}

/** A page whose chunk fails to load `failures` times, then loads. */
function flakyChunk(failures: number) {
  let left = failures;
  return vi.fn(async () => {
    if (left-- > 0) throw new TypeError('Failed to fetch dynamically imported module: /assets/shop-abc123.js');
    return { default: ShopPage };
  });
}

function renderPage(Page: React.ComponentType, path = '/shop') {
  return renderWithApp(
    <RouteErrorBoundary location={path}>
      <Suspense fallback={<p>Loading…</p>}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>,
    { path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a page whose code fails to load', () => {
  it("shows 'Couldn't load this page' with Retry instead of a blank page, and Retry loads it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = flakyChunk(1);
    renderPage(lazyPage(load));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Couldn't load this page");
    expect(screen.queryByRole('heading', { name: 'Shop' })).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Shop' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reloads into the new build when the chunk fails again while the server answers (a deploy removed it)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const healthz = vi.fn<typeof fetch>(async () => json({ status: 'ok' }));
    vi.stubGlobal('fetch', healthz);
    const reload = vi.fn();
    renderPage(lazyPage(flakyChunk(2), reload));

    await screen.findByRole('alert');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));

    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(String(healthz.mock.calls[0][0])).toBe('/healthz');
  });

  it('does not reload while the server does not answer either: Retry stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const reload = vi.fn();
    renderPage(lazyPage(flakyChunk(2), reload));

    await screen.findByRole('alert');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });
});
