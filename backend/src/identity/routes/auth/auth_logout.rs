use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::identity::session;
use crate::identity::store::sessions;
use crate::platform::http::error::ApiResult;
use crate::platform::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct LogoutResponse {
    pub ok: bool,
}

/// Sign out: the session row is deleted, its sockets closed and the cookie cleared. Idempotent: without a
/// session it only clears the cookie.
#[utoipa::path(
    post, path = "/logout", tag = "auth",
    responses((status = 200, description = "Signed out", body = LogoutResponse))
)]
pub async fn logout(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    if let Some(hash) = session::hash_from(&headers) {
        // Its sockets on this instance close now; elsewhere at their next session check.
        if let Some(user) = sessions::delete(&state.db, &hash).await? {
            state
                .realtime
                .hub
                .close_session(user, crate::platform::realtime::hub::session_tag(&hash));
        }
    }
    let cookie = session::removal_cookie(state.secure_cookies);
    Ok((
        [(header::SET_COOKIE, cookie)],
        axum::Json(LogoutResponse { ok: true }),
    )
        .into_response())
}
