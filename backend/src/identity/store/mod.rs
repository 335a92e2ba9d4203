//! Accounts' SQL: users, sessions, settings, and one-time links, challenges and two-factor.

pub mod accounts;
pub mod sessions;
pub mod settings;
pub mod users;
