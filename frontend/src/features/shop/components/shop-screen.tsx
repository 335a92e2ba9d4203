//! The shop (issue 23; docs/shop-contract.md): the title with a link out to the external store, 'Sell
//! your work' and the cart button with its item count, then four tabs. The catalogue: the 'From
//! creators' row, search, category and sort, then the grid of the house catalogue from
//! GET /api/products with a slot after every 6th product (the page puts a sponsored ad there), or
//! 'No products found'. 'From creators': every creator's work, a page at a time. 'Your listings'
//! and 'Your sales': the seller's side. Adding says 'Added to cart' (or that the line is at its
//! limit: 99, or 1 for a digital work); the cart modal checks out. `?tab=` opens a tab.
import { ExternalLink, PackageSearch, Plus } from 'lucide-react';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { InterstitialItems } from '@/components/interstitial-items';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/input';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { useCurrentUser } from '@/lib/auth';
import { useProducts } from '../api/get-products';
import { AD_EVERY, CATEGORIES, DEFAULT_FILTERS, filterProducts, SORTS, type CategoryFilter, type SortKey } from '../catalogue';
import { addToCart } from '../hooks/use-add-to-cart';
import { useCartCheckout } from '../hooks/use-cart-checkout';
import type { Product } from '../types';
import { CartButton } from './cart-button';
import { CartDialog } from './cart-dialog';
import { CreatorsGrid, CreatorsRow } from './creator-works';
import { ProductCard } from './product-card';
import { SellWorkDialog } from './sell-work-dialog';
import { YourListings } from './your-listings';
import { YourSales } from './your-sales';

export const SHOP_TITLE = 'Atelier Shop';

export type ShopTab = 'catalogue' | 'creators' | 'listings' | 'sales';
const TABS: readonly ShopTab[] = ['catalogue', 'creators', 'listings', 'sales'];

/** The tab `?tab=` names, else the catalogue. */
function tabOf(search: string): ShopTab {
  const wanted = new URLSearchParams(search).get('tab');
  return TABS.find((tab) => tab === wanted) ?? 'catalogue';
}

const selectClass =
  'block min-h-11 w-full rounded-xl border border-white/10 bg-zinc-900/80 px-3 text-sm text-zinc-50 focus:border-fuchsia-400/70 focus:outline-none';

function GridSkeleton() {
  return (
    <div role="status" aria-label="Loading products" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="aspect-[3/5] rounded-2xl" />
      ))}
    </div>
  );
}

/** Names reserved so that they never resolve (RFC 2606, RFC 6761): placeholders, not a store. */
const RESERVED_HOST = /(^|\.)(example|test|invalid|localhost)$|(^|\.)example\.(com|net|org)$/i;

/**
 * The external store: where the catalogue's product pages live; none while the catalogue's
 * pages are placeholders on a reserved name (the demo's), so the link never leads nowhere.
 */
export function storeUrl(products: readonly Product[] | undefined): string | null {
  const first = products?.find((p) => /^https?:\/\//.test(p.productUrl));
  if (!first) return null;
  try {
    const url = new URL(first.productUrl);
    return RESERVED_HOST.test(url.hostname) ? null : url.origin;
  } catch {
    return null;
  }
}

/**
 * The shop of the signed-in user (whose cart it fills). `interstitial(slot)` renders the
 * full-width card after the (slot + 1) × 6th product (slot 0 after the 6th…); null leaves no
 * gap. `onOrdered` runs when checkout ordered something.
 */
export function ShopScreen({
  interstitial,
  onOrdered,
}: {
  interstitial?: (slot: number) => ReactNode;
  onOrdered?: () => void;
}) {
  const id = useId();
  const me = useCurrentUser();
  const products = useProducts();
  const { cart, count, openCart, dialog: cartDialog } = useCartCheckout(me.id, onOrdered);
  const [tab, setTab] = useState<ShopTab>(tabOf(useSearch()));
  const [sellOpen, setSellOpen] = useState(false);
  const [search, setSearch] = useState(DEFAULT_FILTERS.search);
  const [category, setCategory] = useState<CategoryFilter>(DEFAULT_FILTERS.category);
  const [sort, setSort] = useState<SortKey>(DEFAULT_FILTERS.sort);

  const shown = useMemo(
    () => filterProducts(products.data ?? [], { search, category, sort }),
    [products.data, search, category, sort],
  );
  const store = storeUrl(products.data);

  const onAdd = (product: Product) => addToCart(cart, product);
  const workCards = {
    viewerId: me.id,
    onAdd,
    ownAction: (work: Product) => (
      <Button variant="secondary" className="mt-2 w-full px-2 text-[13px]" aria-label={`Manage ${work.name}`} onClick={() => setTab('listings')}>
        Manage
      </Button>
    ),
  };

  let body: ReactNode;
  if (products.isPending) body = <GridSkeleton />;
  else if (products.isError)
    body = (
      <EmptyState title="Failed to load products" description="Check your connection and try again.">
        <Button variant="secondary" className="mt-4" onClick={() => void products.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  else if (shown.length === 0)
    body = (
      <EmptyState
        icon={<PackageSearch aria-hidden="true" className="size-6" />}
        title="No products found"
        description="Try adjusting your search or filter criteria"
      />
    );
  else
    body = (
      <ul aria-label="Products" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <InterstitialItems
          items={shown}
          every={AD_EVERY}
          interstitial={interstitial}
          renderItem={(product) => <ProductCard product={product} onAdd={onAdd} />}
          slotClassName="col-span-2 lg:col-span-4"
        />
      </ul>
    );

  return (
    <main className="space-y-4 px-4 pt-6 pb-6">
      {/* The title is never cut: on a narrow phone the two buttons wrap below it together. */}
      <header className="flex flex-wrap items-center gap-2">
        <div className="flex-1">
          <h1 className="text-2xl font-semibold whitespace-nowrap text-white">{SHOP_TITLE}</h1>
          {store && (
            <a
              href={store}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-8 items-center gap-1 text-sm text-fuchsia-300 underline-offset-4 hover:underline"
            >
              Visit our online store
              <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
          )}
        </div>
        <div className="ml-auto flex items-center gap-2">
          <Button variant="secondary" className="px-3" onClick={() => setSellOpen(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Sell your work
          </Button>
          <CartButton count={count} onClick={openCart} />
        </div>
      </header>

      <Tabs<ShopTab>
        label="Shop sections"
        value={tab}
        onChange={setTab}
        tabs={[
          {
            id: 'catalogue',
            label: 'Catalogue',
            panel: (
              <div className="space-y-4 pt-4">
                <CreatorsRow {...workCards} onSeeAll={() => setTab('creators')} />
                <div className="space-y-2">
                  <SearchInput
                    aria-label="Search products"
                    placeholder="Search products..."
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                  />
                  <div className="grid grid-cols-2 gap-2">
                    <div>
                      <Label htmlFor={`${id}-category`} className="sr-only">
                        Category
                      </Label>
                      <select
                        id={`${id}-category`}
                        value={category}
                        onChange={(e) => setCategory(e.target.value as CategoryFilter)}
                        className={selectClass}
                      >
                        {CATEGORIES.map((c) => (
                          <option key={c.value} value={c.value}>
                            {c.label}
                          </option>
                        ))}
                      </select>
                    </div>
                    <div>
                      <Label htmlFor={`${id}-sort`} className="sr-only">
                        Sort by
                      </Label>
                      <select id={`${id}-sort`} value={sort} onChange={(e) => setSort(e.target.value as SortKey)} className={selectClass}>
                        {SORTS.map((s) => (
                          <option key={s.value} value={s.value}>
                            {s.label}
                          </option>
                        ))}
                      </select>
                    </div>
                  </div>
                </div>

                {body}
              </div>
            ),
          },
          {
            id: 'creators',
            label: 'From creators',
            panel: (
              <div className="pt-4">
                <CreatorsGrid {...workCards} />
              </div>
            ),
          },
          {
            id: 'listings',
            label: 'Your listings',
            panel: (
              <div className="pt-4">
                <YourListings userId={me.id} />
              </div>
            ),
          },
          {
            id: 'sales',
            label: 'Your sales',
            panel: (
              <div className="pt-4">
                <YourSales />
              </div>
            ),
          },
        ]}
      />

      <CartDialog {...cartDialog} />
      <SellWorkDialog
        open={sellOpen}
        onOpenChange={setSellOpen}
        onListed={() => {
          setSellOpen(false);
          setTab('listings');
        }}
      />
    </main>
  );
}
