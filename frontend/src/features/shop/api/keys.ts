//! Query and mutation keys of the shop.
export const shopKeys = {
  all: ['shop'] as const,
  products: () => ['shop', 'products'] as const,
  checkout: () => ['shop', 'checkout'] as const,
  /** A checkout read until Stripe's webhook marked it paid (issue 42). */
  checkoutStatus: (id: number) => ['shop', 'checkout-status', id] as const,
  /** The remembered shipping address (issue 42). */
  address: () => ['shop', 'shipping-address'] as const,
  /** Every list of creators' works (issue 23): all of them, or one creator's. */
  works: () => ['shop', 'works'] as const,
  creatorWorks: () => ['shop', 'works', 'creators'] as const,
  sellerWorks: (userId: number) => ['shop', 'works', 'seller', userId] as const,
  sales: () => ['shop', 'sales'] as const,
  shipSale: () => ['shop', 'ship-sale'] as const,
  createWork: () => ['shop', 'create-work'] as const,
  updateWork: () => ['shop', 'update-work'] as const,
  unlistWork: () => ['shop', 'unlist-work'] as const,
  /** A product's reviews with its aggregate (issue 42). */
  reviews: (productId: number) => ['shop', 'reviews', productId] as const,
  writeReview: () => ['shop', 'write-review'] as const,
};

/** Reviews per page (the server's default). */
export const REVIEWS_PAGE_SIZE = 20;

/** Creators' works per page (the server's default). */
export const WORKS_PAGE_SIZE = 20;
export const SALES_PAGE_SIZE = 20;
