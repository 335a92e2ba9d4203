//! The social area's SQL: posts, reels, stories, comments, tags, search, follows, mentions and
//! the marks (likes, saves) on them.

pub mod comments;
pub mod follows;
pub mod marks;
pub mod mentions;
pub mod posts;
pub mod reels;
pub mod search;
pub mod stories;
pub mod suggestions;
pub mod tags;
