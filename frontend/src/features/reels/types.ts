//! Reels' wire types, written by hand from docs/shop-contract.md until the server's OpenAPI
//! document (api.gen.ts) carries them; the names match the contract's, so each becomes
//! `Schemas['Reel']` etc. once the server is merged.

/** The creator of a reel: the PostAuthor shape. */
export interface ReelUser {
  id: number;
  username: string;
  displayName: string;
  profileImage: string | null;
}

/** GET /api/reels, GET /api/reels/user/{id}, POST /api/reels → 201. */
export interface Reel {
  id: number;
  /** '/media/{key}', served with Range. */
  videoUrl: string;
  posterUrl: string | null;
  caption: string;
  /** Whole seconds. */
  duration: number;
  width: number | null;
  height: number | null;
  user: ReelUser;
  likesCount: number;
  commentsCount: number;
  sharesCount: number;
  createdAt: string;
}
