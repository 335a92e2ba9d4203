//! Short names for the social core's wire types, all generated from the server's OpenAPI
//! document (api.gen.ts); nothing here is written by hand.
import type { components } from './api.gen';

type Schemas = components['schemas'];

export type Post = Schemas['Post'];
export type PostAuthor = Schemas['UserBrief'];
export type Profile = Schemas['Profile'];
export type CreatePostRequest = Schemas['NewPostRequest'];
export type EditPostRequest = Schemas['EditPostRequest'];
export type PostVersion = Schemas['PostVersion'];
export type LikeResponse = Schemas['LikeState'];
export type BookmarkResponse = Schemas['BookmarkState'];
export type FollowStatus = Schemas['FollowStatus'];
export type FollowResponse = Schemas['FollowState'];
/** A request to follow your private account (issue 20). */
export type FollowRequest = Schemas['FollowRequest'];
export type UpdateProfileRequest = Schemas['ProfileUpdate'];
export type ProfileImageResponse = Schemas['ProfileImageResponse'];
/** A person to follow (issue 41): GET /api/users/suggestions. */
export type SuggestedUser = Schemas['SuggestedUser'];
/** Someone in a list of people (issue 43): followers, following, a story's viewers. */
export type PersonListed = Schemas['PersonListed'];
/** An account of another server, as the federation lookup answers it (issue 46). */
export type RemoteAccount = Schemas['RemoteAccount'];
