//! Accounts (the lowest area: every other one may use its face): signing up, in and out,
//! sessions and their cookies, the `CurrentUser` and `AdminUser` extractors, the password
//! re-check, the session user's profile, picture, password and deactivation, the settings'
//! store, and (issue 41) password reset and email verification by mail, email change, the
//! sessions list, two-factor sign-in and the first run.

pub mod accounts;
pub mod extract;
pub mod letters;
pub mod recheck;
pub mod routes;
pub mod rules;
pub mod secrets;
pub mod session;
pub mod store;
pub mod two_factor;
pub mod verification;
pub mod wire;

pub use accounts::{session_user, sweep_expired};
pub use extract::{AdminUser, CurrentUser};
pub use recheck::recheck_password;
pub use store::settings::{get as settings_of, update_in as save_settings_in};
pub use store::users::{
    deactivate_in, match_candidates, profile_by_username, search as search_users, set_last_seen,
};
pub use verification::may_publish;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// Sign-up, sign-in and the session user's own account, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .nest("/auth", routes::auth::router())
        .nest("/user", routes::user::router())
}
