//! The last 30 days of earnings (issue 23), above the balance: a chart of daily sales and tips
//! (its library loaded only when this shows; one label tells a screen reader what it shows), and
//! the totals by source, with what the platform kept. Every amount is what was credited, net of
//! the platform's fee.
import { Coins, HandCoins, Landmark, ShoppingBag } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { formatCents } from '@/lib/money';
import { useEarningsSummary } from '../api/get-earnings-summary';
import { SUMMARY_DAYS } from '../api/keys';
import type { EarningsTotals } from '../types';

const EarningsChart = lazy(() => import('./earnings-chart'));

/** The chart's accessible name: 'Sales and tips over the last 30 days: $X in sales, $Y in tips'. */
export function chartLabel(totals: Pick<EarningsTotals, 'sales' | 'tips'>, days: number = SUMMARY_DAYS): string {
  return `Sales and tips over the last ${days} days: ${formatCents(totals.sales)} in sales, ${formatCents(totals.tips)} in tips`;
}

export function EarningsOverview() {
  const summary = useEarningsSummary(SUMMARY_DAYS);
  const totals = summary.data?.totals;
  const failed = summary.isError && !summary.data;
  const money = (cents: number | undefined) => (cents === undefined ? undefined : formatCents(cents));

  let chart;
  if (summary.data)
    chart = (
      <div role="img" aria-label={chartLabel(summary.data.totals)} className="relative h-56 w-full">
        <Suspense fallback={<Skeleton className="h-full w-full rounded-xl" />}>
          <EarningsChart days={summary.data.days} />
        </Suspense>
      </div>
    );
  else if (failed)
    chart = <EmptyState title="Failed to load your earnings over time" description="Please try again later." className="py-6" />;
  else chart = <Skeleton className="h-56 w-full rounded-xl" />;

  return (
    <section aria-labelledby="earnings-overview-heading" className="space-y-3">
      <h2 id="earnings-overview-heading" className="text-lg font-semibold text-white">
        Last {SUMMARY_DAYS} days
      </h2>
      <div className="rounded-2xl border border-white/10 bg-zinc-900/70 p-3">{chart}</div>
      {/* Two by two at every width: the page's column is a phone's width even on a desktop, and
          four across cut the amounts short ('$1,2…'). */}
      <ul aria-label={`Totals over the last ${SUMMARY_DAYS} days`} className="grid grid-cols-2 gap-2">
        <StatTile label="Sales" value={money(totals?.sales)} failed={failed} icon={ShoppingBag} accent="text-emerald-400" />
        <StatTile label="Tips" value={money(totals?.tips)} failed={failed} icon={HandCoins} accent="text-fuchsia-400" />
        <StatTile label="Other" value={money(totals?.other)} failed={failed} icon={Coins} accent="text-sky-400" />
        <StatTile label="Platform fees" value={money(totals?.fees)} failed={failed} icon={Landmark} accent="text-amber-400" />
      </ul>
    </section>
  );
}
