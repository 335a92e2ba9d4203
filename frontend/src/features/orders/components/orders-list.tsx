//! Settings › Orders (issue 42): the session user's orders, newest first (GET /api/checkouts), a
//! page at a time: when, where it stands, its items' pictures and names, and the total; each
//! opens its receipt (/orders/{id}).
import { ChevronRight, Package } from 'lucide-react';
import { Link } from 'wouter';
import { PagedList } from '@/components/paged-list';
import { EmptyState } from '@/components/ui/empty-state';
import { formatCents } from '@/lib/money';
import { useCheckouts } from '../api/get-checkouts';
import { ORDERS_TEXT as TEXT, orderDate } from '../orders-text';
import type { Checkout } from '../types';
import { OrderStatusBadge } from './order-status-badge';

/** At most this many pictures per order. */
const THUMBNAILS = 3;

/** 'Harbour Print × 2, Brush pack'. */
export function itemNames(checkout: Checkout): string {
  return checkout.lines.map((line) => (line.quantity > 1 ? `${line.productName} × ${line.quantity}` : line.productName)).join(', ');
}

function OrderRow({ checkout }: { checkout: Checkout }) {
  const pictures = checkout.lines.filter((line) => line.imageUrl).slice(0, THUMBNAILS);
  return (
    <li>
      <Link
        href={`/orders/${checkout.id}`}
        aria-label={`Order #${checkout.id}, ${orderDate(checkout.createdAt)}, ${TEXT.status[checkout.status]}, ${formatCents(checkout.total)}`}
        className="flex items-center gap-3 px-3 py-3 transition hover:bg-white/5"
      >
        <span aria-hidden="true" className="flex shrink-0 -space-x-3">
          {pictures.length > 0 ? (
            pictures.map((line) => (
              <img
                key={line.productId}
                src={line.imageUrl ?? undefined}
                alt=""
                loading="lazy"
                className="size-11 rounded-lg bg-white/5 object-cover ring-2 ring-zinc-900"
              />
            ))
          ) : (
            <span className="grid size-11 place-items-center rounded-lg bg-white/10 text-zinc-300">
              <Package className="size-5" />
            </span>
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="text-sm font-semibold text-white">Order #{checkout.id}</span>
            <OrderStatusBadge status={checkout.status} />
          </span>
          <span className="block truncate text-sm text-zinc-300">{itemNames(checkout)}</span>
          <span className="block text-xs text-zinc-500">{orderDate(checkout.createdAt)}</span>
        </span>
        <span className="shrink-0 text-sm font-semibold text-white tabular-nums">{formatCents(checkout.total)}</span>
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
      </Link>
    </li>
  );
}

export function OrdersList() {
  const orders = useCheckouts();
  const items = orders.data?.pages.flatMap((page) => page.items) ?? [];
  const empty = (
    <EmptyState icon={<Package aria-hidden="true" className="size-6" />} title={TEXT.empty} description={TEXT.emptyHint} className="py-8" />
  );
  return (
    <PagedList query={orders} items={items} label={TEXT.listLabel} failedTitle={TEXT.loadFailed} empty={empty}>
      {(checkout) => <OrderRow key={checkout.id} checkout={checkout} />}
    </PagedList>
  );
}
