//! The chat's HTTP handlers: conversations and their messages, and shares into them.

pub mod conversations;
pub mod shares;
