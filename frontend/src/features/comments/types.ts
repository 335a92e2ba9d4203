//! The comments' wire types.
// Until api.gen.ts has them (docs/community-contract.md)

/** The small author of a comment: `UserBrief` with the avatar under the name. */
export interface CommentUser {
  id: number;
  username: string;
  displayName: string;
  profileImageUrl: string | null;
}

/** A comment on a post or a reel; `parentId` is set on a reply (always a top-level comment's id). */
export interface Comment {
  id: number;
  postId: number | null;
  reelId: number | null;
  parentId: number | null;
  user: CommentUser;
  content: string;
  likesCount: number;
  isLiked: boolean;
  repliesCount: number;
  createdAt: string;
}

/** POST /api/comments/{id}/like → the post likes' `LikeState` shape. */
export interface CommentLikeState {
  isLiked: boolean;
  likesCount: number;
}

/** POST /api/{posts|reels}/{id}/comments. */
export interface NewCommentRequest {
  content: string;
  parentId?: number;
}
