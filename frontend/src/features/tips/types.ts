//! Tips' wire types (issue 23): short names for the server's OpenAPI document (api.gen.ts);
//! nothing here is written by hand. Every amount is integer cents.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** POST /api/tips → 201 (200 for a retry with the same Idempotency-Key). */
export type Tip = Schemas['Tip'];
/** POST /api/tips: whom, how much (100–50000 cents), the post or reel it is for, a message. */
export type TipRequest = Schemas['TipRequest'];
/** The tip the form describes, before the card that pays it (issue 42). */
export type TipDraft = Omit<TipRequest, 'card'>;
