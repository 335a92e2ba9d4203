//! Email verification's grace (issue 41): an account signed up without confirming its address
//! works fully for 7 days, then may read but not post, comment or message until it confirms.

use axum::http::StatusCode;

use crate::kernel::user::UserRow;
use crate::platform::http::error::ApiError;

/// How long an unverified account works fully.
pub const GRACE_MS: i64 = 7 * 24 * 60 * 60 * 1000;

pub const UNVERIFIED: &str = "Verify your email to post, comment or send messages.";

/// The end of `user`'s grace, while unverified.
pub fn verify_by(user: &UserRow) -> Option<i64> {
    user.email_verified_at
        .is_none()
        .then(|| user.created_at.saturating_add(GRACE_MS))
}

/// 403 `email_unverified` for an unverified account past its grace at `now`: the guard of
/// posting, commenting and messaging.
pub fn may_publish(user: &UserRow, now: i64) -> Result<(), ApiError> {
    match verify_by(user) {
        Some(by) if now >= by => Err(ApiError::coded(
            StatusCode::FORBIDDEN,
            "email_unverified",
            UNVERIFIED,
        )),
        _ => Ok(()),
    }
}
