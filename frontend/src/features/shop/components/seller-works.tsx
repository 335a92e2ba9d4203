//! A creator's shop on their profile (issue 23): their listed works, newest first (GET
//! /api/products?seller={id}), as the shop's cards, with Add to Cart and the cart to check out
//! from here. On your own profile the works show without buying, with a link to manage them in
//! the shop.
import { Palette, Settings2 } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { LoadMore } from '@/components/load-more';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/lib/auth';
import { useSellerWorks } from '../api/get-seller-works';
import { addToCart } from '../hooks/use-add-to-cart';
import { useCartCheckout } from '../hooks/use-cart-checkout';
import { CartButton } from './cart-button';
import { CartDialog } from './cart-dialog';
import { WorkCard } from './work-card';

/** Where your own works are edited and unlisted. */
export const MANAGE_LISTINGS_HREF = '/shop?tab=listings';

export function SellerWorks({ userId, onOrdered }: { userId: number; onOrdered?: () => void }) {
  const me = useCurrentUser();
  const isOwn = me.id === userId;
  const { cart, count, openCart, dialog: cartDialog } = useCartCheckout(me.id, onOrdered);
  const works = useSellerWorks(userId);
  const items = useMemo(() => works.data?.pages.flatMap((page) => page.items) ?? [], [works.data]);

  let body;
  if (works.isPending)
    body = (
      <div role="status" aria-label="Loading works" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="aspect-[3/5] rounded-2xl" />
        ))}
      </div>
    );
  else if (works.isError) body = <EmptyState title="Failed to load works" description="Please try again later." />;
  else if (items.length === 0)
    body = (
      <EmptyState
        icon={<Palette aria-hidden="true" className="size-6" />}
        title="No works for sale"
        description={isOwn ? 'Sell a print, an object or a file from the shop.' : undefined}
      />
    );
  else
    body = (
      <>
        <ul aria-label="Works for sale" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {items.map((work) => (
            <li key={work.id}>
              <WorkCard work={work} viewerId={me.id} onAdd={(w) => addToCart(cart, w)} />
            </li>
          ))}
        </ul>
        <LoadMore hasNextPage={works.hasNextPage} isFetchingNextPage={works.isFetchingNextPage} fetchNextPage={works.fetchNextPage} />
      </>
    );

  return (
    <div className="space-y-3 px-4 pt-4">
      <div className="flex min-h-12 items-center justify-end gap-2">
        {isOwn ? (
          <Link
            href={MANAGE_LISTINGS_HREF}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-white/10 bg-white/5 px-3 text-sm font-semibold text-zinc-100 hover:bg-white/10"
          >
            <Settings2 aria-hidden="true" className="size-4" />
            Manage in the shop
          </Link>
        ) : (
          <CartButton count={count} onClick={openCart} />
        )}
      </div>
      {body}
      {!isOwn && (
        <CartDialog {...cartDialog} />
      )}
    </div>
  );
}
