//! 'Your sales' (issue 23): the session user's sold works, newest first (GET /api/user/sales), a
//! page at a time: the work, how many, the buyer, what was paid, what they were credited and the
//! fee the platform kept, and when; since issue 42 also where it stands (paid, shipped, delivered
//! for a digital work), where a physical line ships, and 'Mark shipped' for one not yet shipped.
import { Receipt, Truck } from 'lucide-react';
import { PagedList } from '@/components/paged-list';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { formatCents } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useSales } from '../api/get-sales';
import type { Sale } from '../types';
import { ShipSaleDialog } from './ship-sale-dialog';

/** 'Mar 4, 2026', or 'Unknown date'. */
export function saleDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

const STATUS: Record<Sale['status'], { label: string; tone: string }> = {
  paid: { label: 'To ship', tone: 'bg-amber-500/15 text-amber-300' },
  shipped: { label: 'Shipped', tone: 'bg-emerald-500/15 text-emerald-300' },
  delivered: { label: 'Delivered', tone: 'bg-sky-500/15 text-sky-300' },
};

/** Where the physical line goes, on a few short lines. */
function ShipTo({ address }: { address: NonNullable<Sale['shippingAddress']> }) {
  return (
    <address className="mt-1 rounded-lg bg-white/5 px-2.5 py-1.5 text-xs leading-relaxed text-zinc-300 not-italic">
      <span className="sr-only">Ship to: </span>
      {address.name}, {address.line1}
      {address.line2 ? `, ${address.line2}` : ''}, {address.postalCode} {address.city}, {address.country}
    </address>
  );
}

/** The sale's status, and for a physical line its address and shipping. */
function Fulfilment({ sale }: { sale: Sale }) {
  const status = STATUS[sale.status];
  return (
    <div className="mt-1.5 space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', status.tone)}>{status.label}</span>
        {sale.status === 'paid' && sale.shippingAddress && <ShipSaleDialog sale={sale} />}
      </div>
      {sale.status === 'shipped' && (
        <p className="flex items-start gap-1.5 text-xs text-zinc-300">
          <Truck aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-emerald-300" />
          <span className="min-w-0 break-words">
            {sale.shippedAt ? `Shipped ${saleDate(sale.shippedAt)}` : 'Shipped'}
            {sale.trackingNote && ` · ${sale.trackingNote}`}
          </span>
        </p>
      )}
      {sale.shippingAddress && <ShipTo address={sale.shippingAddress} />}
    </div>
  );
}

export function YourSales() {
  const sales = useSales();
  const items = sales.data?.pages.flatMap((page) => page.items) ?? [];
  const empty = (
    <EmptyState
      icon={<Receipt aria-hidden="true" className="size-6" />}
      title="No sales yet"
      description="When someone buys one of your works, it shows here."
      className="py-8"
    />
  );
  const body = (
    <PagedList query={sales} items={items} label="Your sales" failedTitle="Failed to load your sales" empty={empty}>
      {(sale) => (
        <li key={sale.id} aria-label={`${sale.productName}, bought by ${sale.buyer.displayName}`} className="flex items-start gap-3 px-3 py-3">
          <span aria-hidden="true">
            <Avatar src={sale.buyer.profileImage} name={sale.buyer.displayName} className="size-9 text-sm" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold text-white">{sale.productName}</p>
            <p className="truncate text-xs text-zinc-400">
              Qty {sale.quantity} · {sale.buyer.displayName} <span className="text-zinc-500">@{sale.buyer.username}</span>
            </p>
            <p className="text-xs text-zinc-500">{saleDate(sale.createdAt)}</p>
            <Fulfilment sale={sale} />
          </div>
          <div className="flex shrink-0 flex-col items-end text-right">
            <span className="text-sm font-semibold text-emerald-300 tabular-nums">+{formatCents(sale.credited)}</span>
            <span className="text-xs text-zinc-400 tabular-nums">
              of {formatCents(sale.totalAmount)} · fee {formatCents(sale.fee)}
            </span>
          </div>
        </li>
      )}
    </PagedList>
  );
  return (
    <section aria-labelledby="your-sales-heading" className="space-y-2">
      <h2 id="your-sales-heading" className="text-lg font-semibold text-white">
        Your sales
      </h2>
      {body}
    </section>
  );
}
