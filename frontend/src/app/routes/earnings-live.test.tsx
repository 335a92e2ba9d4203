import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EarningsSync } from '@/features/earnings/components/earnings-sync';
import { FakeWebSocket } from '@/test/fake-websocket';
import { aNotification } from '@/test/notifications';
import { openSocket, withRealtime } from '@/test/realtime';
import { json, me, renderWithApp } from '@/test/render';
import { aBalance, aCredit, aSummary, serveApi } from '@/test/shop';
import EarningsPage from './earnings';

beforeEach(() => FakeWebSocket.install());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('earnings, live', () => {
  it('reads the balance, the 30 days and the credits again when a tip arrives, and not for other notifications', async () => {
    let tipped = false;
    const { calls } = serveApi({
      'GET /api/user/balance': () => json(aBalance(tipped ? { availableBalance: 450, totalEarnings: 450 } : { availableBalance: 0, totalEarnings: 0 })),
      'GET /api/orders': () => json([]),
      'GET /api/withdrawals': () => json([]),
      'GET /api/user/earnings/summary': () => json(aSummary({ credits: tipped ? { '2026-03-04': { tips: 450 } } : {}, fees: tipped ? 50 : 0 })),
      'GET /api/user/earnings/credits': () => json(tipped ? [aCredit()] : []),
    });
    renderWithApp(
      withRealtime(
        <>
          <EarningsSync />
          <EarningsPage />
        </>,
      ),
      { path: '/earnings', user: me },
    );
    const socket = openSocket();
    await screen.findByRole('img', { name: 'Sales and tips over the last 30 days: $0.00 in sales, $0.00 in tips' });
    await screen.findByText('No sales or tips yet');

    socket.receive({ type: 'notification', notification: aNotification({ kind: 'like' }) });
    tipped = true;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls('GET /api/user/earnings/summary')).toHaveLength(1);

    socket.receive({ type: 'notification', notification: aNotification({ kind: 'tip', text: 'fay sent you a $5.00 tip' }) });
    expect(await screen.findByRole('img', { name: 'Sales and tips over the last 30 days: $0.00 in sales, $4.50 in tips' })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Tip from Fay Fan: $4.50' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Request Withdrawal' })).toBeEnabled());
  });
});
