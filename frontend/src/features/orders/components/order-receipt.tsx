//! An order's receipt (/orders/{id}, issue 42): its number, date and status; each line with its
//! quantity, prices, seller and, for a physical line, whether it shipped (with the tracking
//! note) or, for a paid digital one, its Download link; where it ships; the card; the totals
//! (shipping free, no fees); and, in test mode, that no real money moved.
import { Download, FlaskConical, Package, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorStatus } from '@/lib/api-client';
import { formatCents } from '@/lib/money';
import { useCheckout } from '../api/get-checkout';
import { cardBrand } from '@/lib/card';
import { ORDERS_TEXT as TEXT, orderDate } from '../orders-text';
import type { Checkout, CheckoutLine, ShippingAddress } from '../types';
import { OrderStatusBadge } from './order-status-badge';

function Card({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="rounded-2xl border border-white/10 bg-zinc-900/70 p-4">
      {children}
    </section>
  );
}

function LineFate({ line, paid }: { line: CheckoutLine; paid: boolean }) {
  if (line.kind === 'digital') {
    if (paid && line.downloadUrl) {
      return (
        <a
          href={line.downloadUrl}
          download
          aria-label={`${TEXT.download} ${line.productName}`}
          className="mt-1 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-fuchsia-300 hover:underline"
        >
          <Download aria-hidden="true" className="size-4" />
          {TEXT.download}
        </a>
      );
    }
    return <p className="text-xs text-zinc-400">{TEXT.digital}</p>;
  }
  if (!paid) return null;
  if (!line.shippedAt) return <p className="text-xs text-zinc-400">{TEXT.notShipped}</p>;
  return (
    <p className="flex items-start gap-1.5 text-xs text-emerald-300">
      <Truck aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      <span className="min-w-0 break-words">
        {TEXT.shipped(orderDate(line.shippedAt))}
        {line.trackingNote && <span className="text-zinc-300"> · {line.trackingNote}</span>}
      </span>
    </p>
  );
}

function Line({ line, paid }: { line: CheckoutLine; paid: boolean }) {
  return (
    <li aria-label={line.productName} className="flex gap-3 py-3 first:pt-0 last:pb-0">
      {line.imageUrl ? (
        <img src={line.imageUrl} alt="" loading="lazy" className="size-14 shrink-0 rounded-lg bg-white/5 object-cover" />
      ) : (
        <span aria-hidden="true" className="grid size-14 shrink-0 place-items-center rounded-lg bg-white/10 text-zinc-300">
          <Package className="size-5" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <p className="min-w-0 text-sm font-semibold break-words text-white">{line.productName}</p>
          <p className="shrink-0 text-sm font-semibold text-white tabular-nums">{formatCents(line.total)}</p>
        </div>
        <p className="text-xs text-zinc-400 tabular-nums">
          Qty {line.quantity} × {formatCents(line.unitPrice)}
        </p>
        <p className="text-xs text-zinc-400">
          Sold by {line.sellerUsername ? `@${line.sellerUsername}` : TEXT.house}
        </p>
        <LineFate line={line} paid={paid} />
      </div>
    </li>
  );
}

function Address({ address }: { address: ShippingAddress }) {
  return (
    <address className="text-sm leading-relaxed text-zinc-200 not-italic">
      {address.name}
      <br />
      {address.line1}
      {address.line2 && (
        <>
          <br />
          {address.line2}
        </>
      )}
      <br />
      {address.postalCode} {address.city}
      <br />
      {address.country}
    </address>
  );
}

function Total({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between pt-2 text-base font-semibold text-white' : 'flex justify-between text-sm text-zinc-300'}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

export function ReceiptView({ checkout }: { checkout: Checkout }) {
  const paid = checkout.status === 'paid';
  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold text-white">Order #{checkout.id}</h1>
          <p className="text-sm text-zinc-400">{orderDate(checkout.paidAt ?? checkout.createdAt)}</p>
        </div>
        <OrderStatusBadge status={checkout.status} className="text-sm" />
      </header>
      {checkout.testMode && (
        <p role="note" className="flex items-center gap-2 rounded-xl border border-amber-400/30 bg-amber-500/10 px-3 py-2 text-sm text-amber-200">
          <FlaskConical aria-hidden="true" className="size-4 shrink-0" />
          {TEXT.testMode}
        </p>
      )}
      {checkout.failureMessage && checkout.status === 'failed' && (
        <p role="alert" className="rounded-xl border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
          {checkout.failureMessage}
        </p>
      )}
      <Card label="Items">
        <ul aria-label="Items" className="divide-y divide-white/10">
          {checkout.lines.map((line) => (
            <Line key={line.productId} line={line} paid={paid} />
          ))}
        </ul>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        {checkout.shippingAddress && (
          <Card label={TEXT.shippingTo}>
            <h2 className="mb-1 text-sm font-semibold text-zinc-400">{TEXT.shippingTo}</h2>
            <Address address={checkout.shippingAddress} />
          </Card>
        )}
        {checkout.card && (
          <Card label={TEXT.payment}>
            <h2 className="mb-1 text-sm font-semibold text-zinc-400">{TEXT.payment}</h2>
            <p className="text-sm text-zinc-200">
              {cardBrand(checkout.card.brand)} •••• {checkout.card.last4}
            </p>
          </Card>
        )}
      </div>
      <Card label="Summary">
        <dl className="space-y-1">
          <Total label={TEXT.subtotal} value={formatCents(checkout.subtotal)} />
          <Total label={TEXT.shipping} value={checkout.shipping === 0 ? TEXT.free : formatCents(checkout.shipping)} />
          <Total label={TEXT.fees} value={formatCents(checkout.fees)} />
          <Total label={TEXT.total} value={formatCents(checkout.total)} strong />
        </dl>
      </Card>
    </div>
  );
}

export function OrderReceipt({ id }: { id: number }) {
  const order = useCheckout(id);
  const back = (
    <Link href="/settings/orders" className="inline-flex min-h-11 items-center text-sm font-semibold text-fuchsia-300 hover:underline">
      ← {TEXT.allOrders}
    </Link>
  );
  if (order.isPending) {
    return (
      <div className="space-y-4">
        {back}
        <Skeleton className="h-64 rounded-2xl" />
      </div>
    );
  }
  if (order.isError) {
    const missing = errorStatus(order.error) === 404;
    return (
      <div className="space-y-4">
        {back}
        <EmptyState title={missing ? TEXT.notFound : TEXT.receiptFailed} description={missing ? undefined : 'Please try again later.'} className="py-8" />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {back}
      <ReceiptView checkout={order.data} />
    </div>
  );
}
