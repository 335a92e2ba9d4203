//! The chat's SQL: conversations with their members and read pointers, and messages with their
//! reactions.

pub mod conversations;
pub mod messages;
