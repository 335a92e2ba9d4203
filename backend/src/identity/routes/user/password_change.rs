use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::rules::account::Password;
use crate::identity::store::users;
use crate::identity::wire::AccountMessage;
use crate::identity::{CurrentUser, recheck_password, session};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::limits::{Limit, Limits};
use crate::platform::realtime::hub::session_tag;
use crate::platform::state::AppState;

const CURRENT_INCORRECT: &str = "Current password is incorrect";
const MUST_DIFFER: &str = "New password must be different";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordChange {
    pub current_password: String,
    /// 6–256 characters, different from the current one.
    #[schema(min_length = 6, max_length = 256)]
    pub new_password: String,
}

/// Changes the session user's password. Every other session of the user ends; this one stays.
/// Rate-limited like sign-in (the current password is checked).
#[utoipa::path(
    post, path = "/password", tag = "user",
    request_body = PasswordChange,
    responses(
        (status = 200, description = "Password updated; other sessions ended", body = AccountMessage),
        (status = 400, description = "Current password is incorrect, new one under 6 characters or the same", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until another attempt is allowed"))),
    )
)]
pub async fn change_password(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    current: CurrentUser,
    Json(body): Json<PasswordChange>,
) -> ApiResult<Json<AccountMessage>> {
    let user = &current.user;
    state.limits.check(Limit::SignInAddress, peer.ip()).await?;
    let key = Limits::account_key(user.id, peer.ip());
    state.limits.check(Limit::SignInAccount, key).await?;
    let new_password = Password::parse(&body.new_password)?;

    recheck_password(&state, user, &body.current_password, CURRENT_INCORRECT).await?;
    if new_password.expose() == body.current_password {
        return Err(ApiError::bad_request(MUST_DIFFER));
    }
    let new_hash = state.hasher.hash(new_password.expose()).await?;
    // CurrentUser found a session, so the request carries its token.
    let keep = session::hash_from(&headers).ok_or(ApiError::Unauthorized)?;
    users::set_password(&state.db, user.id, &new_hash, &keep).await?;
    // Live sockets of the ended sessions close now; this browser's stay.
    state
        .realtime
        .hub
        .close_sessions(user.id, Some(session_tag(&keep)));
    tracing::info!(user_id = user.id, "password changed; other sessions ended");
    Ok(Json(AccountMessage {
        message: "Password updated".into(),
    }))
}
