//! The comments' wire types: short names for the server's OpenAPI document (api.gen.ts).
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** The small author of a comment: `UserBrief` with the avatar under the name. */
export type CommentUser = Schemas['UserCard'];
/** A comment on a post or a reel; `parentId` is set on a reply (always a top-level comment's id). */
export type Comment = Schemas['Comment'];
/** POST /api/comments/{id}/like → the post likes' `LikeState` shape. */
export type CommentLikeState = Schemas['LikeState'];
/** POST /api/{posts|reels}/{id}/comments. */
export type NewCommentRequest = Schemas['NewCommentRequest'];
