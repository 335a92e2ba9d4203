//! Parsed input of what creators publish: posts, reels, stories, comments and tags.

pub mod collection;
pub mod comment;
pub mod post;
pub mod reel;
pub mod story;
pub mod tag;
pub mod voice_reaction;
