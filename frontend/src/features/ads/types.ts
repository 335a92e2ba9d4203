//! Short names for the ads endpoints' wire types, generated from the server's OpenAPI document
//! (api.gen.ts), plus the placements (path segments, not a schema).
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** Where an ad is served: GET /api/ads/{placement}. */
export type AdPlacement = 'feed' | 'banner' | 'sidebar' | 'story';

export type Ad = Schemas['Ad'];
export type AdInteractionType = Schemas['InteractionKind'];
