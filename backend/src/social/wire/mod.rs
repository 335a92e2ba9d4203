//! The social area's answers: posts, reels, drafts of both, stories, comments, tags, search
//! results and follows.

pub mod collection;
pub mod comment;
pub mod draft;
pub mod follow;
pub mod post;
pub mod reel;
pub mod reel_draft;
pub mod search;
pub mod story;
pub mod tag;
pub mod voice_reaction;
