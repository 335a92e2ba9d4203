//! Who is calling: password hashing, session tokens and cookies, the `CurrentUser`
//! extractor, and the sign-in rate limits.

pub mod extract;
pub mod password;
pub mod rate_limit;
pub mod recheck;
pub mod session;

pub use extract::{AdminUser, CurrentUser};
pub use recheck::recheck_password;
