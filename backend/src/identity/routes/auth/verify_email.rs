use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::CurrentUser;
use crate::identity::accounts;
use crate::identity::wire::AccountMessage;
use crate::identity::wire::VerifiedEmail;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;

pub const ALREADY_VERIFIED: &str = "Your email is already verified";
pub const VERIFICATION_SENT: &str = "We've sent a new verification link to your email.";

#[derive(Debug, Deserialize, ToSchema)]
pub struct VerifyEmailRequest {
    /// The `token` of the mailed link.
    #[schema(max_length = 200)]
    pub token: String,
}

/// Opens a verification link (signed in or not): a sign-up's link marks the address verified;
/// an email change's makes the new address the account's. Each link works once.
#[utoipa::path(
    post, path = "/verify-email", tag = "auth",
    request_body = VerifyEmailRequest,
    responses(
        (status = 200, description = "The address is verified (and now the account's)", body = VerifiedEmail),
        (status = 400, description = "`link_expired`: an unknown, used or expired link, or one for an address the account no longer has", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
        (status = 409, description = "`email_taken`: another account took the new address meanwhile", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn verify_email(
    State(state): State<AppState>,
    Json(body): Json<VerifyEmailRequest>,
) -> ApiResult<Json<VerifiedEmail>> {
    let email = accounts::verify_email(&state, &body.token).await?;
    Ok(Json(VerifiedEmail { email }))
}

/// Mails the sign-up verification link again: at most once a minute and 5 an hour.
#[utoipa::path(
    post, path = "/verify-email/resend", tag = "auth",
    responses(
        (status = 202, description = "A new link is on its way", body = AccountMessage),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
        (status = 409, description = "`already_verified`", body = ErrorBody),
        (status = 429, description = "Asked again within a minute, or 5 times this hour", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until another attempt is allowed"))),
    )
)]
pub async fn resend_verification(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<(StatusCode, Json<AccountMessage>)> {
    let user = &current.user;
    if user.email_verified_at.is_some() {
        return Err(ApiError::Conflict {
            message: ALREADY_VERIFIED.to_owned(),
            code: "already_verified",
        });
    }
    state.limits.check(Limit::VerifyResend, user.id).await?;
    let key = format!("account:{}", user.id);
    state.limits.check(Limit::AccountMail, key).await?;
    let to = format!("mail:{}", user.email.to_lowercase());
    state.limits.check(Limit::AccountMail, to).await?;
    accounts::send_verification(&state, user).await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(AccountMessage {
            message: VERIFICATION_SENT.to_owned(),
        }),
    ))
}
