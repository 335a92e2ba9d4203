import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, me, renderWithApp } from '@/test/render';
import { aPaymentsConfig, apiError, LIVE_PAYMENTS, serveApi } from '@/test/shop';
import { TestModeBanner } from './test-mode-banner';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TestModeBanner', () => {
  it("says 'Test mode — no real money moves' as a status while the provider is in test mode", async () => {
    const { calls } = serveApi({ 'GET /api/payments/config': () => json(aPaymentsConfig()) });
    renderWithApp(<TestModeBanner />, { user: me });
    expect(await screen.findByRole('status')).toHaveTextContent(/^Test mode — no real money moves$/);
    expect(calls('GET /api/payments/config')).toHaveLength(1);
  });

  it("says it for Stripe's test mode too", async () => {
    serveApi({ 'GET /api/payments/config': () => json(aPaymentsConfig({ provider: 'stripe', publishableKey: 'pk_test_abc' })) });
    renderWithApp(<TestModeBanner />, { user: me });
    expect(await screen.findByText('Test mode — no real money moves')).toBeInTheDocument();
  });

  it('shows nothing when real money moves', async () => {
    const { calls } = serveApi({ 'GET /api/payments/config': () => json(LIVE_PAYMENTS) });
    const { queryClient } = renderWithApp(<TestModeBanner />, { user: me });
    await waitFor(() => expect(queryClient.getQueryState(['/api/payments/config'])?.status).toBe('success'));
    expect(calls('GET /api/payments/config')).toHaveLength(1);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByText(/Test mode/)).not.toBeInTheDocument();
  });

  it('shows nothing when the config cannot be read (never claims test mode it does not know)', async () => {
    serveApi({ 'GET /api/payments/config': () => apiError(500, 'Internal server error') });
    const { queryClient } = renderWithApp(<TestModeBanner />, { user: me });
    await waitFor(() => expect(queryClient.getQueryState(['/api/payments/config'])?.status).toBe('error'));
    expect(screen.queryByText(/Test mode/)).not.toBeInTheDocument();
  });
});
