//! Advertisements (docs/admin-contract.md): the four tiles from GET /api/admin/revenue (CTR = clicks /
//! impressions × 100 with 2 decimals, 0.00 without impressions), 'Create Ad', and every ad with
//! its image, title, advertiser, category, impressions, clicks, earnings, Active/Inactive and a
//! pause/resume control (PATCH /api/ads/{id}): cards on a phone, a table on a desktop.
import { DollarSign, Eye, Megaphone, MousePointerClick, Pause, Percent, Play, Plus } from 'lucide-react';
import { useState } from 'react';
import { LoadMore } from '@/components/load-more';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';
import { toast } from '@/components/ui/use-toast';
import { useIsDesktop } from '@/hooks/use-media-query';
import { errorMessage } from '@/lib/api-client';
import { formatCents } from '@/lib/money';
import { cn } from '@/lib/utils';
import { clickThroughRate } from '../ad-form';
import { useAdminAds } from '../api/get-admin-ads';
import { useRevenue } from '../api/get-revenue';
import { useSetAdActive } from '../api/set-ad-active';
import type { AdminAd } from '../types';
import { CreateAdDialog } from './create-ad-dialog';
import { Badge, numericCell, SectionHeading, Table, Tiles } from './parts';

const count = new Intl.NumberFormat('en-US');

/** Pause or Resume, with the failure's toast. */
function ToggleButton({ ad }: { ad: AdminAd }) {
  const toggle = useSetAdActive();
  const onToggle = () =>
    toggle.mutate(
      { id: ad.id, isActive: !ad.isActive },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Failed to update ad. Please try again.',
            description: errorMessage(error) ?? undefined,
          }),
      },
    );
  return (
    <Button variant="secondary" className="min-h-9 px-3 text-xs" disabled={toggle.isPending} onClick={onToggle}>
      {ad.isActive ? (
        <>
          <Pause aria-hidden="true" className="size-3.5" /> Pause
        </>
      ) : (
        <>
          <Play aria-hidden="true" className="size-3.5" /> Resume
        </>
      )}
    </Button>
  );
}

function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="green">Active</Badge> : <Badge tone="zinc">Inactive</Badge>;
}

function AdRow({ ad }: { ad: AdminAd }) {
  return (
    <li aria-label={ad.title} className="flex gap-3 px-3 py-3">
      <img src={ad.imageUrl} alt={ad.title} className="size-16 shrink-0 rounded-xl bg-zinc-800 object-cover" />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-white">{ad.title}</p>
            <p className="truncate text-xs text-zinc-400">
              {ad.advertiserName} · <span className="capitalize">{ad.category}</span>
            </p>
          </div>
          <ActiveBadge active={ad.isActive} />
        </div>
        <dl className="grid grid-cols-3 gap-1 text-xs">
          <div>
            <dt className="text-zinc-500">Impressions</dt>
            <dd className="font-semibold text-zinc-200 tabular-nums">{count.format(ad.totalImpressions)}</dd>
          </div>
          <div>
            <dt className="text-zinc-500">Clicks</dt>
            <dd className="font-semibold text-zinc-200 tabular-nums">{count.format(ad.totalClicks)}</dd>
          </div>
          <div>
            <dt className="text-zinc-500">Earned</dt>
            <dd className="font-semibold text-emerald-300 tabular-nums">{formatCents(ad.revenue)}</dd>
          </div>
        </dl>
        <div className="flex items-center justify-between gap-2">
          <p className="text-xs text-zinc-500 tabular-nums">
            Budget {formatCents(ad.budget)} · {formatCents(ad.costPerClick)}/click
          </p>
          <ToggleButton ad={ad} />
        </div>
      </div>
    </li>
  );
}

/** The desktop's table: one row per ad, its figures in columns. */
function AdsTable({ ads }: { ads: AdminAd[] }) {
  return (
    <Table
      label="Ads"
      columns={[
        { label: 'Ad' },
        { label: 'Status' },
        { label: 'Impressions', numeric: true },
        { label: 'Clicks', numeric: true },
        { label: 'Earned', numeric: true },
        { label: 'Budget', numeric: true },
        { label: 'Per click', numeric: true },
        { label: 'Action' },
      ]}
    >
      {ads.map((ad) => (
        <tr key={ad.id} aria-label={ad.title}>
          <td>
            <div className="flex items-center gap-3">
              <img src={ad.imageUrl} alt={ad.title} className="size-12 shrink-0 rounded-lg bg-zinc-800 object-cover" />
              <div className="min-w-0">
                <p className="font-semibold text-white">{ad.title}</p>
                <p className="text-xs text-zinc-400">
                  {ad.advertiserName} · <span className="capitalize">{ad.category}</span>
                </p>
              </div>
            </div>
          </td>
          <td>
            <ActiveBadge active={ad.isActive} />
          </td>
          <td className={numericCell}>{count.format(ad.totalImpressions)}</td>
          <td className={numericCell}>{count.format(ad.totalClicks)}</td>
          <td className={cn(numericCell, 'text-emerald-300')}>{formatCents(ad.revenue)}</td>
          <td className={numericCell}>{formatCents(ad.budget)}</td>
          <td className={numericCell}>{formatCents(ad.costPerClick)}</td>
          <td>
            <ToggleButton ad={ad} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function AdsPanel() {
  const revenue = useRevenue();
  const ads = useAdminAds();
  const desktop = useIsDesktop();
  const [open, setOpen] = useState(false);
  const list = ads.data?.pages.flatMap((page) => page.items) ?? [];
  const r = revenue.data;
  const failed = revenue.isError && !r;

  let body;
  if (ads.isPending) body = <Skeleton className="h-40 rounded-2xl" />;
  else if (ads.isError) body = <EmptyState title="Failed to load ads" description="Please try again later." className="py-6" />;
  else if (list.length === 0)
    body = (
      <EmptyState
        icon={<Megaphone aria-hidden="true" className="size-6" />}
        title="No ads created yet. Create your first ad to start earning!"
        className="py-8"
      />
    );
  else
    body = (
      <>
        {desktop ? (
          <AdsTable ads={list} />
        ) : (
          <ul aria-label="Ads" className="divide-y divide-white/10 rounded-2xl border border-white/10 bg-zinc-900/70">
            {list.map((ad) => (
              <AdRow key={ad.id} ad={ad} />
            ))}
          </ul>
        )}
        <LoadMore hasNextPage={ads.hasNextPage} isFetchingNextPage={ads.isFetchingNextPage} fetchNextPage={ads.fetchNextPage} />
      </>
    );

  return (
    <div className="space-y-4 pt-4">
      <Tiles label="Ad revenue" failed={failed}>
        <StatTile label="Total Revenue" value={r?.totalRevenueFormatted} failed={failed} icon={DollarSign} accent="text-emerald-400" />
        <StatTile label="Impressions" value={r && count.format(r.totalImpressions)} failed={failed} icon={Eye} accent="text-sky-400" />
        <StatTile label="Clicks" value={r && count.format(r.totalClicks)} failed={failed} icon={MousePointerClick} accent="text-amber-400" />
        <StatTile
          label="Click-Through Rate"
          value={r && `${clickThroughRate(r.totalClicks, r.totalImpressions)}%`}
          failed={failed}
          icon={Percent}
          accent="text-fuchsia-400"
        />
      </Tiles>
      <section aria-labelledby="admin-ads-heading" className="space-y-2">
        <SectionHeading
          id="admin-ads-heading"
          action={
            <Button onClick={() => setOpen(true)} className="min-h-10 px-3">
              <Plus aria-hidden="true" className="size-4" /> Create Ad
            </Button>
          }
        >
          Advertisements
        </SectionHeading>
        {body}
      </section>
      <CreateAdDialog open={open} onOpenChange={setOpen} />
    </div>
  );
}
