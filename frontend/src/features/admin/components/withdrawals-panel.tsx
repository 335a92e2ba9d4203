//! Withdrawals (docs/admin-contract.md): the tiles from /api/admin/withdrawals/summary (pending
//! count, total amount, total processing fees), a status filter, every request with its user,
//! amount, net, method, status and date, and Approve / Reject on pending rows only (cards on a
//! phone, a table on a desktop), each asking for confirmation with the amount, method and account
//! (issue 39); the audit log of decisions follows. While the payment provider is in test mode the
//! panel says no real money moves, and a payout completed in test mode says so (issue 42).
import { CheckCircle2, Clock, DollarSign, Receipt, Wallet, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { LoadMore } from '@/components/load-more';
import { TestModeBanner, TestPayoutNote } from '@/components/test-mode-banner';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { useIsDesktop } from '@/hooks/use-media-query';
import { formatCents } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useDecideWithdrawal } from '../api/decide-withdrawal';
import { useAdminWithdrawals } from '../api/get-admin-withdrawals';
import { useWithdrawalSummary } from '../api/get-withdrawal-summary';
import type { AdminWithdrawal, WithdrawalDecision } from '../types';
import { ConfirmWithdrawalDialog, METHOD_LABEL } from './confirm-withdrawal-dialog';
import { numericCell, SectionHeading, selectClass, shortDate, Table, Tiles, WithdrawalStatusBadge } from './parts';

const methodLabel = METHOD_LABEL;

const FILTERS = [
  { value: '', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
];

/** Approve and Reject, for a pending request; each asks first, showing the payout (issue 39). */
function DecisionButtons({ withdrawal: w, className }: { withdrawal: AdminWithdrawal; className: string }) {
  const decide = useDecideWithdrawal();
  const [asking, setAsking] = useState<WithdrawalDecision['status'] | null>(null);
  return (
    <div className={className}>
      <Button variant="secondary" className="min-h-10 text-emerald-300" disabled={decide.isPending} onClick={() => setAsking('completed')}>
        <CheckCircle2 aria-hidden="true" className="size-4" /> Approve
      </Button>
      <Button variant="secondary" className="min-h-10 text-red-300" disabled={decide.isPending} onClick={() => setAsking('failed')}>
        <XCircle aria-hidden="true" className="size-4" /> Reject
      </Button>
      <ConfirmWithdrawalDialog
        withdrawal={w}
        decision={asking}
        onCancel={() => setAsking(null)}
        onConfirm={(status) => {
          setAsking(null);
          decide.mutate({ id: w.id, status });
        }}
      />
    </div>
  );
}

/** A completed payout decided while no real money moved (issue 42). */
function isTestPayout(w: AdminWithdrawal): boolean {
  return w.status === 'completed' && w.testMode;
}

function rowLabel(w: AdminWithdrawal): string {
  return `Withdrawal by ${w.user.displayName} of ${formatCents(w.amount)}`;
}

function WithdrawalRow({ withdrawal: w }: { withdrawal: AdminWithdrawal }) {
  return (
    <li aria-label={rowLabel(w)} className="space-y-2 px-3 py-3">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-white">{w.user.displayName}</p>
          <p className="truncate text-xs text-zinc-400">@{w.user.username}</p>
        </div>
        <WithdrawalStatusBadge status={w.status} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <div className="flex justify-between gap-2">
          <dt className="text-zinc-500">Amount</dt>
          <dd className="font-semibold text-zinc-100 tabular-nums">{formatCents(w.amount)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-zinc-500">Net</dt>
          <dd className="font-semibold text-zinc-100 tabular-nums">{formatCents(w.netAmount)}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-zinc-500">Method</dt>
          <dd className="text-zinc-200">{methodLabel[w.paymentMethod] ?? w.paymentMethod}</dd>
        </div>
        <div className="flex justify-between gap-2">
          <dt className="text-zinc-500">Requested</dt>
          <dd className="text-zinc-200">{shortDate(w.requestedAt)}</dd>
        </div>
      </dl>
      {w.notes && <p className="truncate text-xs text-zinc-500">{w.notes}</p>}
      {isTestPayout(w) && <TestPayoutNote />}
      {w.status === 'pending' && <DecisionButtons withdrawal={w} className="grid grid-cols-2 gap-2" />}
    </li>
  );
}

/** The desktop's table: one row per request. */
function WithdrawalsTable({ withdrawals }: { withdrawals: AdminWithdrawal[] }) {
  return (
    <Table
      label="Withdrawal requests"
      columns={[
        { label: 'User' },
        { label: 'Amount', numeric: true },
        { label: 'Net', numeric: true },
        { label: 'Method' },
        { label: 'Status' },
        { label: 'Requested' },
        { label: 'Notes' },
        { label: 'Decision' },
      ]}
    >
      {withdrawals.map((w) => (
        <tr key={w.id} aria-label={rowLabel(w)}>
          <td>
            <p className="font-semibold text-white">{w.user.displayName}</p>
            <p className="text-xs text-zinc-400">@{w.user.username}</p>
          </td>
          <td className={cn(numericCell, 'font-semibold text-zinc-100')}>{formatCents(w.amount)}</td>
          <td className={numericCell}>{formatCents(w.netAmount)}</td>
          <td className="whitespace-nowrap">{methodLabel[w.paymentMethod] ?? w.paymentMethod}</td>
          <td>
            <WithdrawalStatusBadge status={w.status} />
          </td>
          <td className="whitespace-nowrap">{shortDate(w.requestedAt)}</td>
          <td className="max-w-48 text-xs text-zinc-400">
            <p className="truncate">{w.notes}</p>
            {isTestPayout(w) && <TestPayoutNote className="mt-0.5" />}
          </td>
          <td>{w.status === 'pending' && <DecisionButtons withdrawal={w} className="flex gap-2" />}</td>
        </tr>
      ))}
    </Table>
  );
}

export function WithdrawalsPanel() {
  const id = useId();
  const [status, setStatus] = useState('');
  const summary = useWithdrawalSummary();
  const withdrawals = useAdminWithdrawals(status);
  const desktop = useIsDesktop();
  const list = withdrawals.data?.pages.flatMap((page) => page.items) ?? [];
  const s = summary.data;
  const failed = summary.isError && !s;

  let body;
  if (withdrawals.isPending) body = <Skeleton className="h-40 rounded-2xl" />;
  else if (withdrawals.isError)
    body = <EmptyState title="Failed to load withdrawals" description="Please try again later." className="py-6" />;
  else if (list.length === 0)
    body = <EmptyState icon={<Wallet aria-hidden="true" className="size-6" />} title="No withdrawal requests found" className="py-8" />;
  else
    body = (
      <>
        {desktop ? (
          <WithdrawalsTable withdrawals={list} />
        ) : (
          <ul aria-label="Withdrawal requests" className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-zinc-900/70">
            {list.map((w) => (
              <WithdrawalRow key={w.id} withdrawal={w} />
            ))}
          </ul>
        )}
        <LoadMore
          hasNextPage={withdrawals.hasNextPage}
          isFetchingNextPage={withdrawals.isFetchingNextPage}
          fetchNextPage={withdrawals.fetchNextPage}
        />
      </>
    );

  return (
    <div className="space-y-4 pt-4">
      <TestModeBanner />
      <Tiles label="Withdrawal totals" failed={failed}>
        <StatTile label="Pending Requests" value={s?.pendingCount} failed={failed} icon={Clock} accent="text-amber-400" />
        <StatTile label="Total Amount" value={s && formatCents(s.totalAmount)} failed={failed} icon={DollarSign} accent="text-emerald-400" />
        <StatTile label="Processing Fees" value={s && formatCents(s.totalFees)} failed={failed} icon={Receipt} accent="text-fuchsia-400" />
      </Tiles>
      <section aria-labelledby="admin-withdrawals-heading" className="space-y-2">
        <SectionHeading id="admin-withdrawals-heading">Withdrawal Requests</SectionHeading>
        <div>
          <Label htmlFor={`${id}-status`} className="sr-only">
            Status
          </Label>
          <select id={`${id}-status`} value={status} onChange={(e) => setStatus(e.target.value)} className={selectClass}>
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        {body}
      </section>
    </div>
  );
}
