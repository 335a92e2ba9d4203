//! Earnings & Payments (docs/shop-contract.md): first the last 30 days (a chart of daily sales and
//! tips and the totals by source, issue 23) and 'Recent sales and tips'; then the three balance
//! cards in dollars, 'Request Withdrawal' (off with nothing available), Recent Orders (the latest
//! 5, 'No orders found'; a digital work's order has its Download), and the user's withdrawals with their status, the account shown only by
//! its last 4; a completed one decided in test mode says 'Test payout — no money sent', and the
//! page says no real money moves while the provider is in test mode (issue 42).
import { Clock, DollarSign, Download, Receipt, TrendingUp, Wallet } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { LoadMore } from '@/components/load-more';
import { TestModeBanner, TestPayoutNote } from '@/components/test-mode-banner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { formatCents } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useBalance } from '../api/get-balance';
import { useRecentOrders } from '../api/get-orders';
import { useWithdrawals } from '../api/get-withdrawals';
import { formatDate } from '../dates';
import type { Withdrawal } from '../types';
import { EarningsOverview } from './earnings-overview';
import { RecentCredits } from './recent-credits';
import { WithdrawalDialog } from './withdrawal-dialog';

/** A balance figure once loaded. */
const money = (cents: number | undefined) => (cents === undefined ? undefined : formatCents(cents));

const statusClass: Record<string, string> = {
  paid: 'bg-emerald-500/15 text-emerald-300',
  completed: 'bg-emerald-500/15 text-emerald-300',
  pending: 'bg-amber-500/15 text-amber-300',
  failed: 'bg-red-500/15 text-red-300',
};

function StatusBadge({ status }: { status: string }) {
  return (
    <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold capitalize', statusClass[status] ?? 'bg-sky-500/15 text-sky-300')}>
      {status}
    </span>
  );
}

function RecentOrders() {
  const orders = useRecentOrders();
  let body;
  if (orders.isPending) body = <Skeleton className="h-32 rounded-2xl" />;
  else if (orders.isError) body = <EmptyState title="Failed to load orders" description="Please try again later." className="py-6" />;
  else if (orders.data.length === 0)
    body = <EmptyState icon={<Receipt aria-hidden="true" className="size-6" />} title="No orders found" className="py-6" />;
  else
    body = (
      <ul aria-label="Recent orders" className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-zinc-900/70">
        {orders.data.map((order) => (
          <li key={order.id} className="flex items-center gap-3 px-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-white">{order.productName}</p>
              <p className="text-xs text-zinc-400">
                {formatDate(order.createdAt)}
                {order.quantity > 1 && ` · ${order.quantity} items`}
              </p>
            </div>
            <div className="flex flex-col items-end gap-1">
              <span className="text-sm font-semibold text-white tabular-nums">{formatCents(order.totalAmount)}</span>
              <StatusBadge status={order.status} />
            </div>
            {order.kind === 'digital' && order.downloadUrl && (
              <a
                href={order.downloadUrl}
                download
                aria-label={`Download ${order.productName}`}
                className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-xl border border-white/10 bg-white/5 px-3 text-sm font-semibold text-zinc-100 hover:bg-white/10"
              >
                <Download aria-hidden="true" className="size-4" />
                Download
              </a>
            )}
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="recent-orders-heading" className="space-y-2">
      <h2 id="recent-orders-heading" className="text-lg font-semibold text-white">
        Recent Orders
      </h2>
      {body}
    </section>
  );
}

/** Where the payout goes: 'Bank Transfer ····6789' or 'PayPal a@b.c'. */
export function payoutTarget(withdrawal: Withdrawal): string {
  const details = withdrawal.accountDetails;
  if (withdrawal.paymentMethod === 'paypal') return details.email ? `PayPal ${details.email}` : 'PayPal';
  return details.accountNumberLast4 ? `Bank Transfer ····${details.accountNumberLast4}` : 'Bank Transfer';
}

function WithdrawalList() {
  const list = useWithdrawals();
  const withdrawals = list.data?.pages.flatMap((page) => page.items) ?? [];
  let body;
  if (list.isPending) body = <Skeleton className="h-24 rounded-2xl" />;
  else if (list.isError) body = <EmptyState title="Failed to load withdrawals" description="Please try again later." className="py-6" />;
  else if (withdrawals.length === 0)
    body = <EmptyState icon={<Wallet aria-hidden="true" className="size-6" />} title="No withdrawals yet" className="py-6" />;
  else
    body = (
      <>
        <ul aria-label="Withdrawals" className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-zinc-900/70">
          {withdrawals.map((w) => (
            <li key={w.id} aria-label={`Withdrawal of ${formatCents(w.amount)}`} className="flex items-center gap-3 px-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-semibold text-white tabular-nums">
                  {formatCents(w.amount)}
                  <span className="ml-1 text-xs font-normal text-zinc-400">(net {formatCents(w.netAmount)})</span>
                </p>
                <p className="truncate text-xs text-zinc-400">
                  {payoutTarget(w)} · {formatDate(w.requestedAt)}
                </p>
                {w.notes && <p className="truncate text-xs text-zinc-500">{w.notes}</p>}
                {w.status === 'completed' && w.testMode && <TestPayoutNote className="mt-0.5" />}
              </div>
              <StatusBadge status={w.status} />
            </li>
          ))}
        </ul>
        <LoadMore hasNextPage={list.hasNextPage} isFetchingNextPage={list.isFetchingNextPage} fetchNextPage={list.fetchNextPage} />
      </>
    );
  return (
    <section aria-labelledby="withdrawals-heading" className="space-y-2">
      <h2 id="withdrawals-heading" className="text-lg font-semibold text-white">
        Withdrawals
      </h2>
      {body}
    </section>
  );
}

/** `children`: what the page adds under the creator's earnings (the tips the user sent). */
export function EarningsScreen({ children }: { children?: ReactNode }) {
  const balance = useBalance();
  const [open, setOpen] = useState(false);
  const available = balance.data?.availableBalance ?? 0;
  const failed = balance.isError && !balance.data;

  return (
    <main className="space-y-6 px-4 pt-6 pb-6">
      <h1 className="text-2xl font-semibold text-white">Earnings &amp; Payments</h1>
      <TestModeBanner />
      <EarningsOverview />
      <RecentCredits />
      <section aria-labelledby="balance-heading" className="space-y-3">
        <h2 id="balance-heading" className="text-lg font-semibold text-white">
          Balance
        </h2>
        {balance.isError && <EmptyState title="Failed to load your balance" description="Please try again later." className="py-4" />}
        <ul aria-label="Balance" className="grid grid-cols-2 gap-2">
          <StatTile
            label="Available Balance"
            value={money(balance.data?.availableBalance)}
            failed={failed}
            icon={DollarSign}
            accent="text-emerald-400"
            className="col-span-2"
          />
          <StatTile label="Pending" value={money(balance.data?.pendingBalance)} failed={failed} icon={Clock} accent="text-amber-400" />
          <StatTile label="Total Earned" value={money(balance.data?.totalEarnings)} failed={failed} icon={TrendingUp} accent="text-fuchsia-400" />
        </ul>
        <Button className="w-full" disabled={available <= 0} onClick={() => setOpen(true)}>
          <Wallet aria-hidden="true" className="size-4" /> Request Withdrawal
        </Button>
        <WithdrawalDialog open={open} onOpenChange={setOpen} availableCents={available} />
      </section>
      <RecentOrders />
      <WithdrawalList />
      {children}
    </main>
  );
}
