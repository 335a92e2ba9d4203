//! Reels' wire types: short names for the server's OpenAPI document (api.gen.ts); nothing here
//! is written by hand.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** The creator of a reel (the embedded user every answer shares). */
export type ReelUser = Schemas['UserBrief'];
/** GET /api/reels, GET /api/reels/user/{id}, POST /api/reels → 201. */
export type Reel = Schemas['Reel'];
