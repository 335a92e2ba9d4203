//! One product of the grid (docs/shop-contract.md): picture with its badge, name, description,
//! the average of its real reviews with their count ('No reviews yet' before the first), which
//! opens its reviews (issue 42), the price in dollars with the original struck through when on sale, 'Only
//! n left' when few are left, and Add to Cart (disabled when out of stock).
import { ShoppingCart, Star } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatCents } from '@/lib/money';
import type { Product } from '../types';
import { ratingSummary, ReviewsDialog } from './reviews-dialog';

/** At or below this many units the card says 'Only n left'. */
export const LOW_STOCK = 5;

/** Solid 700 shades: white text on them reads at 5:1 or more whatever the picture behind. */
const badgeClass: Record<NonNullable<Product['badge']>, string> = {
  'New Arrival': 'bg-emerald-700',
  'Limited Edition': 'bg-fuchsia-700',
  'Best Seller': 'bg-amber-700',
};

export function ProductCard({ product, onAdd }: { product: Product; onAdd: (product: Product) => void }) {
  return (
    <article
      aria-label={product.name}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-white/10 bg-zinc-900/70"
    >
      <div className="relative">
        <img src={product.imageUrl} alt={product.name} loading="lazy" className="aspect-square w-full bg-zinc-800 object-cover" />
        {product.badge && (
          <span className={`absolute top-2 left-2 rounded-full px-2 py-0.5 text-[0.6875rem] font-semibold text-[#fff] ${badgeClass[product.badge]}`}>
            {product.badge}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h3 className="line-clamp-2 text-sm leading-snug font-semibold text-white">{product.name}</h3>
        <p className="line-clamp-2 text-xs text-zinc-400">{product.description}</p>
        <ProductRating product={product} />
        {product.inStock && product.stock !== null && product.stock <= LOW_STOCK && <p className="text-xs font-medium text-amber-300">Only {product.stock} left</p>}
        <p className="mt-auto flex flex-wrap items-baseline gap-x-2 pt-1">
          <span className="text-base font-bold text-white" data-testid="price">
            {formatCents(product.price)}
          </span>
          {product.originalPrice !== null && product.originalPrice > product.price && (
            <s className="text-xs text-zinc-500">
              <span className="sr-only">was </span>
              {formatCents(product.originalPrice)}
            </s>
          )}
        </p>
        <Button
          className="mt-2 w-full px-2 text-[13px] whitespace-nowrap [&>svg]:max-[359px]:hidden"
          disabled={!product.inStock}
          onClick={() => onAdd(product)}
          aria-label={product.inStock ? `Add to Cart: ${product.name}` : `Out of Stock: ${product.name}`}
        >
          {product.inStock ? (
            <>
              <ShoppingCart aria-hidden="true" className="size-4" /> Add to Cart
            </>
          ) : (
            'Out of Stock'
          )}
        </Button>
      </div>
    </article>
  );
}

/** The card's rating line: a button naming the average and count that opens the reviews. */
export function ProductRating({ product }: { product: Pick<Product, 'id' | 'name' | 'rating' | 'reviewCount'> }) {
  const [open, setOpen] = useState(false);
  const rated = product.rating !== null && product.reviewCount > 0;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Reviews of ${product.name}: ${ratingSummary(product.rating, product.reviewCount)}`}
        className="-mx-1 flex min-h-8 items-center gap-1 self-start rounded px-1 text-xs text-zinc-300 hover:bg-white/5 hover:text-white"
      >
        <Star aria-hidden="true" className={rated ? 'size-3.5 fill-amber-400 text-amber-400' : 'size-3.5 text-zinc-500'} />
        {/* The visible words are the end of the button's name (WCAG 2.5.3, label in name). */}
        <span className={rated ? undefined : 'text-zinc-400'}>{ratingSummary(product.rating, product.reviewCount)}</span>
      </button>
      <ReviewsDialog product={product} open={open} onOpenChange={setOpen} />
    </>
  );
}
