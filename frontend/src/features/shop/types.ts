//! The shop's wire types, written by hand from docs/shop-contract.md until the server's OpenAPI
//! document (api.gen.ts) carries them; the names match the contract's, so each becomes
//! `Schemas['Product']` etc. once the server is merged. Money is integer cents.

export type ProductCategory = 'accessories' | 'shirts' | 'hoodies' | 'jackets';
export type ProductBadge = 'New Arrival' | 'Limited Edition' | 'Best Seller';

/** GET /api/products: one item of the catalogue, in featured order. */
export interface Product {
  id: number;
  name: string;
  description: string;
  /** Cents. */
  price: number;
  /** Cents: the struck-through price when on sale. */
  originalPrice: number | null;
  imageUrl: string;
  /** The product on the external store. */
  productUrl: string;
  category: ProductCategory;
  /** 0–5, one decimal. */
  rating: number;
  reviews: number;
  /** Units left. */
  stock: number;
  inStock: boolean;
  badge: ProductBadge | null;
}

/** POST /api/orders (one per cart line); the name and prices come from the server's catalogue. */
export interface NewOrderRequest {
  productId: number;
  quantity: number;
  paymentMethod: 'stripe';
}

/** An order, as POST /api/orders answers it. */
export interface Order {
  id: number;
  productId: number;
  productName: string;
  quantity: number;
  unitPrice: number;
  totalAmount: number;
  paymentMethod: string;
  status: 'paid';
  createdAt: string;
}
