use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::rules::account::{REQUIRED_FIELDS, filled};
use crate::identity::secrets;
use crate::identity::session;
use crate::identity::session_user;
use crate::identity::store::{accounts, sessions, users};
use crate::identity::wire::{SessionUser, TwoFactorChallenge};
use crate::kernel::user::UserRow;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::limits::{Limit, Limits};
use crate::platform::state::AppState;

const INVALID_CREDENTIALS: &str = "Invalid username or password";
const DEACTIVATED: &str = "This account is deactivated";

/// How long a sign-in waits for its second factor.
pub const CHALLENGE_TTL_MS: i64 = 10 * 60 * 1000;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LoginRequest {
    /// A username or an email address (the form's one field).
    #[serde(default)]
    pub login: Option<String>,
    /// The older body: a username, an email, or both (then they must name the same account).
    #[serde(default)]
    pub username: Option<String>,
    #[serde(default)]
    pub email: Option<String>,
    /// The account's password (required: without it the answer is 400).
    #[serde(default)]
    #[schema(required = true, nullable = false)]
    pub password: Option<String>,
}

/// Sign in with a username or an email and the password. Each sign-in gets a new session token;
/// an account with two-factor on answers 202 with a challenge instead, completed by
/// `/api/auth/login/2fa`.
#[utoipa::path(
    post, path = "/login", tag = "auth",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in; new session cookie set", body = SessionUser),
        (status = 202, description = "The password was right and two-factor is on: send a code with the challenge (no cookie yet)", body = TwoFactorChallenge),
        (status = 400, description = "Missing fields", body = ErrorBody),
        (status = 401, description = "Invalid username or password", body = ErrorBody),
        (status = 403, description = "This account is deactivated (answered only after a correct password), or a cross-site request", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Too many attempts from this address, or naming this account from this address", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until another attempt is allowed"))),
    )
)]
pub async fn login(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Json(body): Json<LoginRequest>,
) -> ApiResult<Response> {
    // `login` names the account by whichever it is: a username never holds an '@'.
    let (username, email) = match filled(body.login.as_deref()) {
        Some(login) if login.contains('@') => (None, Some(login)),
        Some(login) => (Some(login), None),
        None => (
            filled(body.username.as_deref()),
            filled(body.email.as_deref()),
        ),
    };
    let password = body.password.as_deref().filter(|p| !p.trim().is_empty());
    let Some(password) = password.filter(|_| username.is_some() || email.is_some()) else {
        return Err(ApiError::bad_request(REQUIRED_FIELDS));
    };
    let address = peer.ip();
    state.limits.check(Limit::SignInAddress, address).await?;
    let found = users::find_credentials(&state.db, username, email).await?;
    // Guesses count against the account they name from this address only: the account's id,
    // so its username and its email count together; a name of no account counts for itself
    // (the same answer either way, so a limit does not tell which accounts exist).
    match &found {
        Some(found) => {
            let key = Limits::account_key(found.user.id, address);
            state.limits.check(Limit::SignInAccount, key).await?;
        }
        None => {
            for name in username.into_iter().chain(email) {
                let key = Limits::account_key(format!("name:{}", name.to_lowercase()), address);
                state.limits.check(Limit::SignInAccount, key).await?;
            }
        }
    }

    let hash = found.as_ref().map(|c| c.password_hash.as_str());
    if !state.hasher.verify(password, hash).await? {
        return Err(ApiError::InvalidCredentials {
            message: INVALID_CREDENTIALS,
        });
    }
    let found = found.expect("verified credentials belong to a user");
    // Only after a correct password, so the answer does not reveal which accounts exist.
    if found.deactivated_at.is_some() {
        return Err(ApiError::Forbidden(DEACTIVATED));
    }
    let user = found.user;
    if found.totp_secret.is_some() {
        let now = state.clock.now_ms();
        let fresh = secrets::new_secret();
        let agent = session::user_agent(&headers);
        let id = accounts::insert_challenge(
            &state.db,
            user.id,
            &fresh.hash,
            &agent,
            now,
            now + CHALLENGE_TTL_MS,
        )
        .await?;
        let challenge = TwoFactorChallenge {
            two_factor_required: true,
            challenge: secrets::token(id, &fresh.secret),
        };
        return Ok((StatusCode::ACCEPTED, Json(challenge)).into_response());
    }
    signed_in(&state, &headers, user).await
}

/// Starts the session of a sign-in that passed every check: the session this browser had (if
/// any) ends, a new one starts (no session fixation), and the answer is the session user.
pub async fn signed_in(
    state: &AppState,
    headers: &HeaderMap,
    user: UserRow,
) -> ApiResult<Response> {
    if let Some(old) = session::hash_from(headers) {
        sessions::delete(&state.db, &old).await?;
    }
    let cookie = session::start(&state.db, user.id, headers, state.secure_cookies).await?;
    let answer = session_user(state, user).await?;
    Ok(([(header::SET_COOKIE, cookie)], Json(answer)).into_response())
}
