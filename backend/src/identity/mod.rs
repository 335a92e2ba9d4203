//! Who is calling: password hashing, session tokens and cookies, the `CurrentUser`
//! extractor, and the sign-in rate limits.

pub mod extract;
pub mod recheck;
pub mod session;

pub use extract::{AdminUser, CurrentUser};
pub use recheck::recheck_password;
pub mod wire;
pub mod routes;
pub mod rules;
pub mod store;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// Sign-up, sign-in and the session user's own account, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .nest("/auth", routes::auth::router())
        .nest("/user", routes::user::router())
}
