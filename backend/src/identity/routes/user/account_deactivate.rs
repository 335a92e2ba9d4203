use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::store::users;
use crate::identity::wire::AccountMessage;
use crate::identity::{CurrentUser, recheck_password, session};
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::limits::{Limit, Limits};
use crate::platform::state::AppState;

const PASSWORD_INCORRECT: &str = "Password is incorrect";

#[derive(Debug, Deserialize, ToSchema)]
pub struct Deactivation {
    pub password: String,
}

/// Deactivates the session user's account after checking their password: every session ends
/// (the cookie is cleared), sign-in is refused, and the account is hidden from search and
/// profiles. Everything is kept; `atelier admin restore USER` reactivates it.
#[utoipa::path(
    post, path = "/deactivate", tag = "user",
    request_body = Deactivation,
    responses(
        (status = 200, description = "Account deactivated; cookie cleared", body = AccountMessage),
        (status = 400, description = "Password is incorrect", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until another attempt is allowed"))),
    )
)]
pub async fn deactivate(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    current: CurrentUser,
    Json(body): Json<Deactivation>,
) -> ApiResult<Response> {
    let user = &current.user;
    state.limits.check(Limit::SignInAddress, peer.ip()).await?;
    let key = Limits::account_key(user.id, peer.ip());
    state.limits.check(Limit::SignInAccount, key).await?;
    recheck_password(&state, user, &body.password, PASSWORD_INCORRECT).await?;
    users::deactivate(&state.db, user.id, state.clock.now_ms()).await?;
    state.realtime.hub.close_sessions(user.id, None);
    tracing::info!(user_id = user.id, "account deactivated");
    let cookie = session::removal_cookie(state.secure_cookies);
    Ok((
        [(header::SET_COOKIE, cookie)],
        Json(AccountMessage {
            message: "Account deactivated".into(),
        }),
    )
        .into_response())
}
