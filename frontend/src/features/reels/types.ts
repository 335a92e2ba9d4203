//! Reels' wire types: short names for the server's OpenAPI document (api.gen.ts); nothing here
//! is written by hand.
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** The creator of a reel (the embedded user every answer shares). */
export type ReelUser = Schemas['UserBrief'];
/** GET /api/reels, GET /api/reels/user/{id}, POST /api/reels → 201; `isLiked` is the viewer's like. */
export type Reel = Schemas['Reel'];
/** POST /api/reels/{id}/like → the post likes' shape. */
export type ReelLikeState = Schemas['LikeState'];
/** PATCH /api/reels/{id} (issue 44): the new caption. */
export type EditReelRequest = Schemas['EditReelRequest'];
/** GET /api/reels/{id}/history (issue 44): an earlier caption and when it was written. */
export type ReelVersion = Schemas['ReelVersion'];
/** A reel not yet published (issue 44): GET/POST /api/reel-drafts, PATCH /api/reel-drafts/{id}. */
export type ReelDraft = Schemas['ReelDraft'];
/** PATCH /api/reel-drafts/{id} (issue 44): the new caption. */
export type ReelDraftRequest = Schemas['ReelDraftRequest'];
