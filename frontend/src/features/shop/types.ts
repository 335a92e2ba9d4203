//! The shop's wire types: short names for the server's OpenAPI document (api.gen.ts); nothing
//! here is written by hand. Money is integer cents.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

export type ProductCategory = Schemas['ProductCategory'];
export type ProductBadge = Schemas['ProductBadge'];
/** GET /api/products: one item of the catalogue, in featured order. */
export type Product = Schemas['Product'];
/** POST /api/orders (one per cart line); the name and prices come from the server's catalogue. */
export type NewOrderRequest = Omit<Schemas['NewOrderRequest'], 'paymentMethod'> & {
  paymentMethod: 'stripe';
};
/** An order, as POST /api/orders and GET /api/orders answer it. */
export type Order = Schemas['Order'];
