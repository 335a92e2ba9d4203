//! The shop's wire types: short names for the server's OpenAPI document (api.gen.ts); nothing
//! here is written by hand. Money is integer cents.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

export type ProductCategory = Schemas['ProductCategory'];
export type ProductBadge = Schemas['ProductBadge'];
/** A physical work (shipped, with stock) or a digital one (a file, no stock, bought one at a time). */
export type ProductKind = Schemas['ProductKind'];
/** GET /api/products: one item of the catalogue, in featured order, or a creator's work (`seller` set). */
export type Product = Schemas['Product'];
/** The creator selling a work. */
export type ProductSeller = Schemas['UserCard'];
/** POST /api/orders (one per cart line); the name and prices come from the server's catalogue. */
export type NewOrderRequest = Omit<Schemas['NewOrderRequest'], 'paymentMethod'> & {
  paymentMethod: 'stripe';
};
/** An order, as POST /api/orders and GET /api/orders answer it. */
export type Order = Schemas['Order'];
/** POST /api/products as JSON: a physical work. */
export type NewWorkRequest = Omit<Schemas['NewWorkRequest'], 'kind'> & { kind: 'physical' };
/** PATCH /api/products/{id}: what a seller may change. */
export type WorkChangeRequest = Schemas['WorkChangeRequest'];
/** GET /api/user/sales: one sold line of the session user's works. */
export type Sale = Schemas['Sale'];
/** A buyer's review of a product (issue 42). */
export type Review = Schemas['Review'];
/** GET /api/products/{id}/reviews: a page of reviews with the product's aggregate and what the viewer may do. */
export type ProductReviews = Schemas['ProductReviews'];
/** POST /api/products/{id}/reviews and PUT …/reviews/mine. */
export type ReviewRequest = Schemas['ReviewRequest'];
