//! The posts' wire types beyond `@/types/social`.
// Until api.gen.ts has them (docs/community-contract.md)

/** GET /api/tags/{tag} → a tag and how many posts carry it. */
export interface TagSummary {
  tag: string;
  postsCount: number;
}
