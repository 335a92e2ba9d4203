//! The orders' wire types (issue 42): short names for the server's OpenAPI document
//! (api.gen.ts); nothing here is written by hand. Money is integer cents.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** GET /api/checkouts(/{id}): one order of the buyer's, its lines, address, card and totals. */
export type Checkout = Schemas['Checkout'];
export type CheckoutLine = Schemas['CheckoutLine'];
export type CheckoutStatus = Schemas['CheckoutStatus'];
export type ShippingAddress = Schemas['ShippingAddress'];
