pub mod users;
pub mod sessions;
pub mod session_cache;
pub mod settings;
