pub mod posts;
pub mod reels;
pub mod stories;
pub mod comments;
pub mod tags;
pub mod search;
pub mod users;
pub mod follow_requests;
