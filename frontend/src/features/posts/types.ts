//! The posts' wire types beyond `@/types/social` (api.gen.ts).
import type { components } from '@/types/api.gen';

/** GET /api/tags/{tag} → a tag and how many posts carry it. */
export type TagSummary = components['schemas']['TagSummary'];

/** A post not yet published (issue 44): only its author sees it; `scheduledAt` when it goes out. */
export type Draft = components['schemas']['Draft'];
/** POST /api/drafts and PATCH /api/drafts/{id}: the whole content each time. */
export type DraftRequest = components['schemas']['DraftRequest'];
