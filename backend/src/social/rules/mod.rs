pub mod post;
pub mod reel;
pub mod story;
pub mod comment;
pub mod tag;
