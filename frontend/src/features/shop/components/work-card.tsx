//! One creator's work (issue 23): its picture, name and price, the creator's avatar and name
//! linking to their profile, the average and count of its buyers' reviews opening them, as the
//! catalogue's card shows them (issue 42), and what can be had of it: 'Digital download' for a
//! file, else the stock as the catalogue says it ('Only n left'; 'Sold out' on its button). Add to
//! Cart for anyone else's work; your own carries `ownAction` instead (you cannot buy it).
import { Download, ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { formatCents } from '@/lib/money';
import { cn } from '@/lib/utils';
import type { Product } from '../types';
import { LOW_STOCK, ProductRating } from './product-card';

/** What can be had of a work: 'Digital download', 'Sold out', 'Only n left', or null (plenty). */
export function availability(work: Pick<Product, 'kind' | 'inStock' | 'stock'>): string | null {
  if (work.kind === 'digital') return 'Digital download';
  if (!work.inStock || work.stock === null || work.stock <= 0) return 'Sold out';
  return work.stock <= LOW_STOCK ? `Only ${work.stock} left` : null;
}

export function WorkCard({
  work,
  viewerId,
  onAdd,
  ownAction,
  className,
}: {
  work: Product;
  viewerId: number;
  onAdd: (work: Product) => void;
  /** Shown on the viewer's own work instead of Add to Cart. */
  ownAction?: ReactNode;
  className?: string;
}) {
  const seller = work.seller;
  const own = seller?.id === viewerId;
  const available = availability(work);
  const soldOut = available === 'Sold out';
  return (
    <article aria-label={work.name} className={cn('flex h-full flex-col overflow-hidden rounded-2xl border border-white/10 bg-zinc-900/70', className)}>
      <img src={work.imageUrl} alt={work.name} loading="lazy" className="aspect-square w-full bg-zinc-800 object-cover" />
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-white">{work.name}</h3>
        {seller && (
          <Link
            href={`/profile/${encodeURIComponent(seller.username)}`}
            className="flex min-h-8 min-w-0 items-center gap-1.5 text-xs text-zinc-300 hover:text-white"
          >
            <span aria-hidden="true">
              <Avatar src={seller.profileImageUrl} name={seller.displayName} className="size-6 text-[0.6875rem]" />
            </span>
            <span className="truncate">{seller.displayName}</span>
          </Link>
        )}
        <ProductRating product={work} />
        {/* Sold out, the button says so. */}
        {available && !soldOut && (
          <p className={cn('flex items-center gap-1 text-xs font-medium', work.kind === 'digital' ? 'text-sky-300' : 'text-amber-300')}>
            {work.kind === 'digital' && <Download aria-hidden="true" className="size-3.5" />}
            {available}
          </p>
        )}
        <p className="mt-auto pt-1 text-base font-bold text-white" data-testid="price">
          {formatCents(work.price)}
        </p>
        {own ? (
          ownAction
        ) : (
          <Button
            className="mt-2 w-full px-2 text-[13px] whitespace-nowrap [&>svg]:max-[359px]:hidden"
            disabled={soldOut}
            onClick={() => onAdd(work)}
            aria-label={soldOut ? `Sold out: ${work.name}` : `Add to Cart: ${work.name}`}
          >
            {soldOut ? (
              'Sold out'
            ) : (
              <>
                <ShoppingCart aria-hidden="true" className="size-4" /> Add to Cart
              </>
            )}
          </Button>
        )}
      </div>
    </article>
  );
}
