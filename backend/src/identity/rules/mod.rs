//! Parsed account input: the account's fields, the profile's, and the settings' switches.

pub mod account;
pub mod profile;
pub mod settings;
