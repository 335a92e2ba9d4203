//! Accounts and sessions: register, login, logout, the session user.

mod auth_login;
mod auth_logout;
mod auth_register;
mod auth_user;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(auth_register::register))
        .routes(routes!(auth_login::login))
        .routes(routes!(auth_logout::logout))
        .routes(routes!(auth_user::current_user))
}
