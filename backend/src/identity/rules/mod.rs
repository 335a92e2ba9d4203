pub mod account;
pub mod settings;
