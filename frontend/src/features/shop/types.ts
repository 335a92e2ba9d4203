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
/** An order (a paid checkout's line), as GET /api/orders answers it. */
export type Order = Schemas['Order'];
/** POST /api/products as JSON: a physical work. */
export type NewWorkRequest = Omit<Schemas['NewWorkRequest'], 'kind'> & { kind: 'physical' };
/** PATCH /api/products/{id}: what a seller may change. */
export type WorkChangeRequest = Schemas['WorkChangeRequest'];
/** GET /api/user/sales: one sold line of the session user's works. */
export type Sale = Schemas['Sale'];
/** A checkout (issue 42): the buyer's order of the cart's lines, opened at review, paid once. */
export type Checkout = Schemas['Checkout'];
export type CheckoutStatus = Schemas['CheckoutStatus'];
/** POST /api/checkouts/{id}/payment-intent (Stripe mode): the checkout and the intent's client secret. */
export type CheckoutPaymentIntent = Schemas['CheckoutPaymentIntent'];
/** The remembered shipping address (GET/PUT /api/user/shipping-address). */
export type ShippingAddress = Schemas['ShippingAddress'];
export type ShippingAddressRequest = Schemas['ShippingAddressRequest'];
/** A card as the test provider's form sends it (only its brand and last 4 digits are kept). */
export type CardRequest = Schemas['CardRequest'];
/** A buyer's review of a product (issue 42). */
export type Review = Schemas['Review'];
/** GET /api/products/{id}/reviews: a page of reviews with the product's aggregate and what the viewer may do. */
export type ProductReviews = Schemas['ProductReviews'];
/** POST /api/products/{id}/reviews and PUT …/reviews/mine. */
export type ReviewRequest = Schemas['ReviewRequest'];
