use axum::extract::State;

use crate::identity;
use crate::identity::CurrentUser;
use crate::identity::rules::account::USER_NOT_FOUND;
use crate::identity::wire::Profile;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

/// A user's public profile with post, follower and following counts.
#[utoipa::path(
    get, path = "/users/username/{username}", tag = "users",
    params(("username" = String, Path, description = "Username (case-insensitive)")),
    responses(
        (status = 200, description = "The profile", body = Profile),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "User not found", body = ErrorBody),
    )
)]
pub async fn profile_by_username(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(username): Path<String>,
) -> ApiResult<Json<Profile>> {
    let profile = identity::profile_by_username(&state.db, current.user.id, &username)
        .await?
        .ok_or_else(|| ApiError::not_found(USER_NOT_FOUND))?;
    Ok(Json(profile.into()))
}
