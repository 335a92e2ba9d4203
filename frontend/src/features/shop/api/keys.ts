//! Query and mutation keys of the shop.
export const shopKeys = {
  all: ['shop'] as const,
  products: () => ['shop', 'products'] as const,
  checkout: () => ['shop', 'checkout'] as const,
};
