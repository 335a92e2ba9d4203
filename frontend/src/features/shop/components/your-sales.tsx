//! 'Your sales' (issue 23): the session user's sold works, newest first (GET /api/user/sales), a
//! page at a time: the work, how many, the buyer, what was paid, what they were credited and the
//! fee the platform kept, and when.
import { Receipt } from 'lucide-react';
import { PagedList } from '@/components/paged-list';
import { Avatar } from '@/components/ui/avatar';
import { EmptyState } from '@/components/ui/empty-state';
import { formatCents } from '@/lib/money';
import { useSales } from '../api/get-sales';

/** 'Mar 4, 2026', or 'Unknown date'. */
export function saleDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
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
