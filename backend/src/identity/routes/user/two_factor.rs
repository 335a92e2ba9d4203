use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::store::accounts;
use crate::identity::two_factor;
use crate::identity::wire::{RecoveryCodes, TwoFactorSetup};
use crate::identity::{CurrentUser, recheck_password};
use crate::kernel::user::UserRow;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::limits::{Limit, Limits};
use crate::platform::state::AppState;

const PASSWORD_INCORRECT: &str = "Password is incorrect";
const INVALID_CODE: &str = "That code didn't work. Check your authenticator app and try again.";
const ALREADY_ON: &str = "Two-factor authentication is already on";
const ALREADY_OFF: &str = "Two-factor authentication is off";
const NO_SETUP: &str = "Start two-factor setup first";

fn conflict(message: &str, code: &'static str) -> ApiError {
    ApiError::Conflict {
        message: message.to_owned(),
        code,
    }
}

fn invalid_code() -> ApiError {
    ApiError::coded(StatusCode::BAD_REQUEST, "invalid_code", INVALID_CODE)
}

/// Counts a password or code attempt against the sign-in limits, as sign-in does.
async fn count_attempt(state: &AppState, peer: SocketAddr, user: &UserRow) -> ApiResult<()> {
    state.limits.check(Limit::SignInAddress, peer.ip()).await?;
    let key = Limits::account_key(user.id, peer.ip());
    state.limits.check(Limit::SignInAccount, key).await?;
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TwoFactorSetupRequest {
    /// The account's password.
    #[schema(max_length = 256)]
    pub password: String,
}

/// Starts two-factor setup: a new secret for an authenticator app (a QR code of the URI, or the
/// key typed in). It is not used until `/2fa/enable` confirms a code from it.
#[utoipa::path(
    post, path = "/2fa/setup", tag = "user",
    request_body = TwoFactorSetupRequest,
    responses(
        (status = 200, description = "The secret and its otpauth:// URI", body = TwoFactorSetup),
        (status = 400, description = "Password is incorrect", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
        (status = 409, description = "`two_factor_on`: already on", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until another attempt is allowed"))),
    )
)]
pub async fn setup_two_factor(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    current: CurrentUser,
    Json(body): Json<TwoFactorSetupRequest>,
) -> ApiResult<Json<TwoFactorSetup>> {
    let user = &current.user;
    count_attempt(&state, peer, user).await?;
    recheck_password(&state, user, &body.password, PASSWORD_INCORRECT).await?;
    if accounts::two_factor(&state.db, user.id)
        .await?
        .totp_secret
        .is_some()
    {
        return Err(conflict(ALREADY_ON, "two_factor_on"));
    }
    let secret = two_factor::new_secret();
    let otpauth_uri = two_factor::otpauth_uri(&secret, &user.username)
        .ok_or_else(|| anyhow::anyhow!("an otpauth URI could not be made"))?;
    accounts::set_pending_secret(&state.db, user.id, &secret).await?;
    Ok(Json(TwoFactorSetup {
        secret,
        otpauth_uri,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TwoFactorEnable {
    /// A current 6-digit code from the app set up with the secret.
    #[schema(max_length = 40)]
    pub code: String,
}

/// Turns two-factor on with a code from the secret setup gave; answers the ten recovery codes,
/// shown this once.
#[utoipa::path(
    post, path = "/2fa/enable", tag = "user",
    request_body = TwoFactorEnable,
    responses(
        (status = 200, description = "Two-factor is on; the recovery codes", body = RecoveryCodes),
        (status = 400, description = "`invalid_code`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
        (status = 409, description = "`no_setup`: setup was not started; `two_factor_on`: already on", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until another attempt is allowed"))),
    )
)]
pub async fn enable_two_factor(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    current: CurrentUser,
    Json(body): Json<TwoFactorEnable>,
) -> ApiResult<Json<RecoveryCodes>> {
    let user = &current.user;
    count_attempt(&state, peer, user).await?;
    let row = accounts::two_factor(&state.db, user.id).await?;
    if row.totp_secret.is_some() {
        return Err(conflict(ALREADY_ON, "two_factor_on"));
    }
    let Some(secret) = row.totp_pending_secret else {
        return Err(conflict(NO_SETUP, "no_setup"));
    };
    let step = two_factor::check(&secret, &body.code, state.clock.now_ms(), None)
        .ok_or_else(invalid_code)?;
    let codes = two_factor::new_recovery_codes();
    let hashes: Vec<String> = codes
        .iter()
        .map(|code| two_factor::recovery_hash(user.id, code))
        .collect();
    if !accounts::enable_two_factor(&state.db, user.id, &secret, step, &hashes).await? {
        return Err(conflict(NO_SETUP, "no_setup"));
    }
    tracing::info!(user_id = user.id, "two-factor sign-in turned on");
    Ok(Json(RecoveryCodes {
        recovery_codes: codes,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TwoFactorDisable {
    /// The account's password.
    #[schema(max_length = 256)]
    pub password: String,
    /// A current code, or an unused recovery code.
    #[schema(max_length = 40)]
    pub code: String,
}

/// Turns two-factor off: needs the password and a code (or a recovery code).
#[utoipa::path(
    post, path = "/2fa/disable", tag = "user",
    request_body = TwoFactorDisable,
    responses(
        (status = 204, description = "Two-factor is off"),
        (status = 400, description = "Password is incorrect, or `invalid_code`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
        (status = 409, description = "`two_factor_off`: it is not on", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until another attempt is allowed"))),
    )
)]
pub async fn disable_two_factor(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    current: CurrentUser,
    Json(body): Json<TwoFactorDisable>,
) -> ApiResult<StatusCode> {
    let user = &current.user;
    count_attempt(&state, peer, user).await?;
    recheck_password(&state, user, &body.password, PASSWORD_INCORRECT).await?;
    let row = accounts::two_factor(&state.db, user.id).await?;
    let Some(secret) = row.totp_secret else {
        return Err(conflict(ALREADY_OFF, "two_factor_off"));
    };
    let code = body.code.trim();
    let accepted = if two_factor::is_recovery_code(code) {
        let hash = two_factor::recovery_hash(user.id, code);
        accounts::spend_recovery_code(&state.db, user.id, &hash).await?
    } else {
        match two_factor::check(&secret, code, state.clock.now_ms(), row.totp_last_step) {
            Some(step) => accounts::take_step(&state.db, user.id, step).await?,
            None => false,
        }
    };
    if !accepted {
        return Err(invalid_code());
    }
    accounts::disable_two_factor(&state.db, user.id).await?;
    tracing::info!(user_id = user.id, "two-factor sign-in turned off");
    Ok(StatusCode::NO_CONTENT)
}
