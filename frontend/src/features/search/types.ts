//! The explore search's wire types: short names for the server's OpenAPI document (api.gen.ts).
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** A tag and how many posts carry it. */
export type TagSummary = Schemas['TagSummary'];
/** GET /api/search?q= → {users, tags, posts}, each list at most 20, best first. */
export type SearchResults = Schemas['SearchResults'];
