//! Accounts' SQL: users, sessions and settings.

pub mod sessions;
pub mod settings;
pub mod users;
