//! `CurrentUser`: the only way a handler learns who is calling. Identity comes
//! from the session cookie, never from a body or a query string.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;

use super::session::{self, CookieSlot, SEEN_EVERY_MS, SESSION_TTL_MS, SLIDE_AFTER_MS};
use crate::identity::store::sessions;
use crate::kernel::user::UserRow;
use crate::platform::db::now_ms;
use crate::platform::http::error::ApiError;
use crate::platform::state::AppState;

/// The signed-in user; 401 `not_signed_in` without a live session.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub user: UserRow,
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let token = session::token_from(&parts.headers).ok_or(ApiError::Unauthorized)?;
        let session_hash = session::hash_token(&token);
        let found = sessions::find_user(&state.db, &session_hash)
            .await?
            .ok_or(ApiError::Unauthorized)?;

        let now = now_ms();
        // Used again more than `SEEN_EVERY_MS` after the last record: the sessions list's
        // 'last active' moves and the expiry slides (one write per session in that time); the
        // browser gets a fresh cookie once the expiry moved by more than a day.
        let remaining = found.expires_at - now;
        if remaining < SESSION_TTL_MS - SEEN_EVERY_MS {
            sessions::touch(&state.db, &session_hash, now, now + SESSION_TTL_MS).await?;
            if remaining < SESSION_TTL_MS - SLIDE_AFTER_MS
                && let Some(slot) = parts.extensions.get::<CookieSlot>()
            {
                slot.set(session::session_cookie(token, state.secure_cookies));
            }
        }
        Ok(Self { user: found.user })
    }
}

/// `Option<CurrentUser>`: the signed-in user, or `None` for an anonymous caller (endpoints that
/// allow both, like ad interactions). A database failure is still an error.
impl axum::extract::OptionalFromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Option<Self>, ApiError> {
        match <Self as FromRequestParts<AppState>>::from_request_parts(parts, state).await {
            Ok(current) => Ok(Some(current)),
            Err(ApiError::Unauthorized) => Ok(None),
            Err(other) => Err(other),
        }
    }
}

/// The 403 message of every admin route (docs/admin-contract.md).
pub const ADMIN_REQUIRED: &str = "Admin access required";

/// A signed-in admin: 401 `not_signed_in` without a live session, 403 `forbidden` for anyone
/// else. Every admin route takes it, so the guard is decided here and never in a handler.
#[derive(Debug, Clone)]
pub struct AdminUser {
    pub user: UserRow,
}

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let current =
            <CurrentUser as FromRequestParts<AppState>>::from_request_parts(parts, state).await?;
        if current.user.is_admin == 0 {
            return Err(ApiError::Forbidden(ADMIN_REQUIRED));
        }
        Ok(Self { user: current.user })
    }
}
