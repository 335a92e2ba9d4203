//! Safety's HTTP handlers: blocks and mutes, reports, and the admins' moderation queue.

pub mod blocks;
pub mod reports;
