use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::accounts::{self, EMAIL_TAKEN};
use crate::identity::letters;
use crate::identity::store::accounts::{self as store, Purpose};
use crate::identity::wire::AccountMessage;
use crate::identity::{CurrentUser, recheck_password};
use crate::kernel::email::Email;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::limits::{Limit, Limits};
use crate::platform::state::AppState;

const PASSWORD_INCORRECT: &str = "Password is incorrect";
const SAME_EMAIL: &str = "That's already your email";

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailChange {
    /// The new address.
    #[schema(
        max_length = 254,
        pattern = r"^[\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000@]+@[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000@.]+\.[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000@]*[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000@.][\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*$"
    )]
    pub email: String,
    /// The account's current password.
    #[schema(max_length = 256)]
    pub password: String,
}

/// Asks to change the account's email: a confirmation link goes to the new address (valid 24
/// hours) and a notice to the old one; the address changes only when the link is opened.
#[utoipa::path(
    post, path = "/email", tag = "user",
    request_body = EmailChange,
    responses(
        (status = 202, description = "The confirmation link is on its way to the new address", body = AccountMessage),
        (status = 400, description = "Not an email address, the current one, or the password is incorrect", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
        (status = 409, description = "`email_taken`: another account uses that address", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Too many attempts, or 5 mails this hour", body = ErrorBody,
            headers(("Retry-After" = u64, description = "Seconds until another attempt is allowed"))),
    )
)]
pub async fn change_email(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    current: CurrentUser,
    Json(body): Json<EmailChange>,
) -> ApiResult<(StatusCode, Json<AccountMessage>)> {
    let user = &current.user;
    let email = Email::parse(&body.email)?;
    state.limits.check(Limit::SignInAddress, peer.ip()).await?;
    let key = Limits::account_key(user.id, peer.ip());
    state.limits.check(Limit::SignInAccount, key).await?;
    recheck_password(&state, user, &body.password, PASSWORD_INCORRECT).await?;
    if email.as_str().eq_ignore_ascii_case(&user.email) {
        return Err(ApiError::bad_request(SAME_EMAIL));
    }
    if store::email_taken(&state.db, user.id, email.as_str()).await? {
        return Err(ApiError::Conflict {
            message: EMAIL_TAKEN.to_owned(),
            code: "email_taken",
        });
    }
    // 5 an hour from the account, and 5 an hour to the address, whoever asks for it.
    state
        .limits
        .check(Limit::AccountMail, format!("account:{}", user.id))
        .await?;
    let to = format!("mail:{}", email.as_str().to_lowercase());
    state.limits.check(Limit::AccountMail, to).await?;
    let (new_address, name) = (email.as_str().to_owned(), user.display_name.clone());
    accounts::mail_link(
        &state,
        user.id,
        Purpose::Email,
        Some(&new_address),
        letters::EMAIL_CHANGE_TTL_MS,
        "verify-email",
        |link| letters::confirm_new_email(&new_address, &name, link),
    )
    .await?;
    accounts::mail_notice(
        &state,
        &letters::email_changing(&user.email, &name, &new_address),
    )
    .await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(AccountMessage {
            message: format!(
                "We've sent a link to {new_address}. Your email changes when you open it."
            ),
        }),
    ))
}
