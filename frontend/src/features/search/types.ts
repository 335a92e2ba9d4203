//! The explore search's wire types.
import type { Post, Profile } from '@/types/social';

// Until api.gen.ts has them (docs/community-contract.md)
/** A tag and how many posts carry it. */
export interface TagSummary {
  tag: string;
  postsCount: number;
}

/** GET /api/search?q= → each list at most 20, best first. */
export interface SearchResults {
  users: Profile[];
  tags: TagSummary[];
  posts: Post[];
}
