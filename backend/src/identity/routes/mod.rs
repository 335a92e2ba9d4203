//! Accounts' HTTP handlers: signing up, in and out (`/api/auth`), and the session user's own
//! account (`/api/user`).

pub mod auth;
pub mod user;
