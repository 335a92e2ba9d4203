use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use super::auth_login::signed_in;
use crate::identity::store::{accounts, users};
use crate::identity::wire::SessionUser;
use crate::identity::{secrets, two_factor};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::limits::{Limit, Limits};
use crate::platform::state::AppState;

/// Wrong codes that end a challenge.
pub const MAX_FAILURES: i64 = 5;
pub const INVALID_CODE: &str = "That code didn't work. Check your authenticator app and try again.";
pub const CHALLENGE_EXPIRED: &str = "This sign-in has expired. Please sign in again.";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TwoFactorLogin {
    /// The challenge `/api/auth/login` answered with.
    #[schema(max_length = 200)]
    pub challenge: String,
    /// The 6-digit code of the authenticator app, or a recovery code (`xxxxx-xxxxx`).
    #[schema(max_length = 40)]
    pub code: String,
}

fn expired() -> ApiError {
    ApiError::coded(
        StatusCode::UNAUTHORIZED,
        "challenge_expired",
        CHALLENGE_EXPIRED,
    )
}

/// Completes a sign-in with two-factor on: the code of the authenticator app (each accepted
/// once), or one of the recovery codes (each works once). The fifth wrong code ends the
/// challenge; so do 10 minutes.
#[utoipa::path(
    post, path = "/login/2fa", tag = "auth",
    request_body = TwoFactorLogin,
    responses(
        (status = 200, description = "Signed in; new session cookie set", body = SessionUser),
        (status = 400, description = "Missing fields", body = ErrorBody),
        (status = 401, description = "`invalid_code`: a wrong code (the challenge stands until its fifth); `challenge_expired`: an unknown, ended or expired challenge", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until another attempt is allowed"))),
    )
)]
pub async fn login_two_factor(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(body): Json<TwoFactorLogin>,
) -> ApiResult<Response> {
    let address = peer.ip();
    state.limits.check(Limit::SignInAddress, address).await?;
    let now = state.clock.now_ms();
    let (id, secret) = secrets::parse(&body.challenge).ok_or_else(expired)?;
    let challenge = accounts::challenge(&state.db, id)
        .await?
        .filter(|c| secrets::matches(&c.secret_hash, secret))
        .ok_or_else(expired)?;
    let key = Limits::account_key(challenge.user_id, address);
    state.limits.check(Limit::SignInAccount, key).await?;
    let Some(totp_secret) = challenge
        .totp_secret
        .as_deref()
        .filter(|_| challenge.expires_at > now && challenge.deactivated_at.is_none())
    else {
        accounts::end_challenge(&state.db, id).await?;
        return Err(expired());
    };

    let code = body.code.trim();
    let accepted = if two_factor::is_recovery_code(code) {
        let hash = two_factor::recovery_hash(challenge.user_id, code);
        accounts::spend_recovery_code(&state.db, challenge.user_id, &hash).await?
    } else {
        match two_factor::check(totp_secret, code, now, challenge.totp_last_step) {
            Some(step) => accounts::take_step(&state.db, challenge.user_id, step).await?,
            None => false,
        }
    };
    if !accepted {
        return Err(
            if accounts::fail_challenge(&state.db, id, MAX_FAILURES).await? {
                ApiError::coded(StatusCode::UNAUTHORIZED, "invalid_code", INVALID_CODE)
            } else {
                expired()
            },
        );
    }
    // One sign-in per challenge, even if the same code raced twice.
    if !accounts::end_challenge(&state.db, id).await? {
        return Err(expired());
    }
    let user = users::active_by_id(&state.db, challenge.user_id)
        .await?
        .ok_or_else(expired)?;
    signed_in(&state, &headers, user).await
}
