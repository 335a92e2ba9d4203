//! The password asked again before an account action (changing the password, deactivating
//! the account): checked against the stored hash, refused with the action's own words. The
//! caller counts the attempt against the sign-in limits first, as sign-in does.

use crate::identity::store::users;
use crate::kernel::user::UserRow;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::state::AppState;

/// `Ok` when `password` is `user`'s; else 400 with `wrong`.
pub async fn recheck_password(
    state: &AppState,
    user: &UserRow,
    password: &str,
    wrong: &'static str,
) -> ApiResult<()> {
    let hash = users::password_hash(&state.db, user.id).await?;
    if state.hasher.verify(password, hash.as_deref()).await? {
        Ok(())
    } else {
        Err(ApiError::bad_request(wrong))
    }
}
