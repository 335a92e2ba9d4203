//! Tips' wire types (issue 23): short names for the server's OpenAPI document (api.gen.ts);
//! nothing here is written by hand. Every amount is integer cents.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** POST /api/tips → 201 (200 for a retry with the same Idempotency-Key); GET /api/tips/{id}. */
export type Tip = Schemas['Tip'];
/** 'pending' while a tip paid through Stripe waits for Stripe's payment; then 'paid'. */
export type TipStatus = Schemas['TipStatus'];
/** POST /api/tips: whom, how much (100–50000 cents), the post or reel it is for, a message. */
export type TipRequest = Schemas['TipRequest'];
/** The tip the form describes, before the card that pays it (issue 42). */
export type TipDraft = Omit<TipRequest, 'card'>;
/** POST /api/tips/payment-intent (Stripe mode): the draft alone; Stripe takes the card. */
export type TipIntentRequest = Schemas['TipIntentRequest'];
/** POST /api/tips/payment-intent → 201: the pending tip and the client secret Stripe.js confirms. */
export type TipPaymentIntent = Schemas['TipPaymentIntent'];
