//! The social area's HTTP handlers, one folder per resource.

pub mod collections;
pub mod comments;
pub mod drafts;
pub mod follow_requests;
pub mod posts;
pub mod reel_drafts;
pub mod reels;
pub mod search;
pub mod settings;
pub mod stories;
pub mod tags;
pub mod users;
pub mod voice_reactions;
