use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::accounts;
use crate::identity::letters;
use crate::identity::rules::account::Password;
use crate::identity::store::accounts::{self as store, Purpose};
use crate::identity::wire::AccountMessage;
use crate::kernel::email::Email;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;

pub const RESET_SENT: &str =
    "If an account uses that address, we've sent it a link to reset the password.";

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordResetRequest {
    /// The address the account uses.
    #[schema(
        max_length = 254,
        pattern = r"^[\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000@]+@[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000@.]+\.[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000@]*[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000@.][\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$"
    )]
    pub email: String,
}

/// Asks for a password-reset link. The answer is the same whether or not an account uses the
/// address (no account enumeration); the link (valid 1 hour, once) goes to that address when
/// one does. At most 5 an hour for an address and for an account.
#[utoipa::path(
    post, path = "/password-reset", tag = "auth",
    request_body = PasswordResetRequest,
    responses(
        (status = 202, description = "A link is mailed if an account uses the address", body = AccountMessage),
        (status = 400, description = "Not an email address", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Too many links asked for this address, or from this client", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until another attempt is allowed"))),
    )
)]
pub async fn request_password_reset(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Json(body): Json<PasswordResetRequest>,
) -> ApiResult<(StatusCode, Json<AccountMessage>)> {
    let email = Email::parse(&body.email)?;
    state.limits.check(Limit::SignInAddress, peer.ip()).await?;
    let key = format!("mail:{}", email.as_str().to_lowercase());
    state.limits.check(Limit::AccountMail, key).await?;
    // The lookup and the mail happen after the answer, so its timing cannot tell whether an
    // account uses the address.
    let background = state.clone();
    tokio::spawn(async move {
        if let Err(err) = mail_reset_link(&background, email.as_str()).await {
            tracing::warn!(error = %err, "queuing a password-reset mail failed");
        }
    });
    Ok((
        StatusCode::ACCEPTED,
        Json(AccountMessage {
            message: RESET_SENT.to_owned(),
        }),
    ))
}

/// Mails a reset link to the account using `email`, if one does and its allowance is left.
async fn mail_reset_link(state: &AppState, email: &str) -> anyhow::Result<()> {
    let Some((user_id, name, address)) = store::by_email(&state.db, email).await? else {
        return Ok(());
    };
    if state
        .limits
        .check(Limit::AccountMail, format!("account:{user_id}"))
        .await
        .is_err()
    {
        return Ok(());
    }
    accounts::mail_link(
        state,
        user_id,
        Purpose::Reset,
        None,
        letters::RESET_TTL_MS,
        "reset-password",
        |link| letters::reset_password(&address, &name, link),
    )
    .await
    .map_err(|err| anyhow::anyhow!("{err}"))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordResetConfirm {
    /// The `token` of the mailed link.
    #[schema(max_length = 200)]
    pub token: String,
    /// The new password: 6–256 characters.
    #[schema(min_length = 6, max_length = 256)]
    pub password: String,
}

/// Sets a new password with a reset link: the link is spent, and every session and socket of
/// the account ends (sign in again with the new password); a notice is mailed.
#[utoipa::path(
    post, path = "/password-reset/confirm", tag = "auth",
    request_body = PasswordResetConfirm,
    responses(
        (status = 204, description = "Password changed; every session ended"),
        (status = 400, description = "`link_expired`: an unknown, used or expired link; or a password under 6 characters", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until another attempt is allowed"))),
    )
)]
pub async fn confirm_password_reset(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Json(body): Json<PasswordResetConfirm>,
) -> ApiResult<StatusCode> {
    let password = Password::parse(&body.password)?;
    state.limits.check(Limit::SignInAddress, peer.ip()).await?;
    let password_hash = state.hasher.hash(password.expose()).await?;
    let user_id = accounts::reset_password(&state, &body.token, &password_hash).await?;
    tracing::info!(user_id, "password reset by link; every session ended");
    Ok(StatusCode::NO_CONTENT)
}
