//! Safety's SQL: blocks and mutes, and reports with their decisions.

pub mod blocks;
pub mod reports;
