//! The social area's SQL: posts, reels, stories, comments, tags, search, follows, mentions and
//! the marks (likes, saves) on them, deleting posts, reels and stories, and drafts of posts and
//! reels.

pub mod collections;
pub mod comments;
pub mod deletes;
pub mod drafts;
pub mod follows;
pub mod marks;
pub mod mentions;
mod owned;
pub mod posts;
pub mod reel_drafts;
pub mod reels;
pub mod search;
pub mod stories;
pub mod suggestions;
pub mod tags;
pub mod voice_reactions;
