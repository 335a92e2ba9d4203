//! The shop's filters (docs/shop-contract.md): a case-insensitive search on name or description, one
//! category or all, and five sorts, applied in the browser to the catalogue the server sent.
import type { Product, ProductCategory } from './types';

export type CategoryFilter = 'all' | ProductCategory;
export type SortKey = 'featured' | 'price-low' | 'price-high' | 'rating' | 'name';

export const CATEGORIES: Array<{ value: CategoryFilter; label: string }> = [
  { value: 'all', label: 'All Categories' },
  { value: 'accessories', label: 'Accessories' },
  { value: 'shirts', label: 'Shirts' },
  { value: 'hoodies', label: 'Hoodies' },
  { value: 'jackets', label: 'Jackets' },
];

export const SORTS: Array<{ value: SortKey; label: string }> = [
  { value: 'featured', label: 'Featured' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'rating', label: 'Highest Rated' },
  { value: 'name', label: 'Name (A-Z)' },
];

export interface ShopFilters {
  search: string;
  category: CategoryFilter;
  sort: SortKey;
}

export const DEFAULT_FILTERS: ShopFilters = { search: '', category: 'all', sort: 'featured' };

const byName = new Intl.Collator('en', { sensitivity: 'base' });

/** The products to show, in order; `products` is left as it is (featured order). */
export function filterProducts(products: readonly Product[], { search, category, sort }: ShopFilters): Product[] {
  const needle = search.trim().toLowerCase();
  const shown = products.filter(
    (p) =>
      (category === 'all' || p.category === category) &&
      (!needle || p.name.toLowerCase().includes(needle) || p.description.toLowerCase().includes(needle)),
  );
  // Array.prototype.sort is stable: ties keep the featured order.
  switch (sort) {
    case 'price-low':
      return shown.sort((a, b) => a.price - b.price);
    case 'price-high':
      return shown.sort((a, b) => b.price - a.price);
    case 'rating':
      // Unrated products sort after every rated one.
      return shown.sort((a, b) => (b.rating ?? 0) - (a.rating ?? 0));
    case 'name':
      return shown.sort((a, b) => byName.compare(a.name, b.name));
    case 'featured':
      return shown;
  }
}

/** A sponsored card follows every 6th product (docs/decisions.md). */
export const AD_EVERY = 6;
