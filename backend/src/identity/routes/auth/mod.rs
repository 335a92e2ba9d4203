//! Accounts and sessions: register, login (and its second factor), logout, the session user,
//! password reset and email verification.

mod auth_login;
mod auth_login_2fa;
mod auth_logout;
mod auth_register;
mod auth_user;
mod password_reset;
mod verify_email;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(auth_register::register))
        .routes(routes!(auth_login::login))
        .routes(routes!(auth_login_2fa::login_two_factor))
        .routes(routes!(password_reset::request_password_reset))
        .routes(routes!(password_reset::confirm_password_reset))
        .routes(routes!(verify_email::verify_email))
        .routes(routes!(verify_email::resend_verification))
        .routes(routes!(auth_logout::logout))
        .routes(routes!(auth_user::current_user))
}
