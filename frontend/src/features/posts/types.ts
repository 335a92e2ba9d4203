//! The posts' wire types beyond `@/types/social` (api.gen.ts).
import type { components } from '@/types/api.gen';

/** GET /api/tags/{tag} → a tag and how many posts carry it. */
export type TagSummary = components['schemas']['TagSummary'];
