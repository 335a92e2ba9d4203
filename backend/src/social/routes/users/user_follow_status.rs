use axum::extract::State;

use crate::identity::CurrentUser;
use crate::identity::rules::account::USER_NOT_FOUND;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::store::follows;
use crate::social::wire::follow::FollowStatus;

/// Whether the session user follows the user.
#[utoipa::path(
    get, path = "/users/{id}/follow-status", tag = "users",
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 200, description = "The session user's follow state", body = FollowStatus),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "User not found", body = ErrorBody),
    )
)]
pub async fn follow_status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(user_id): Path<i64>,
) -> ApiResult<Json<FollowStatus>> {
    let (is_following, is_requested) = follows::status(&state.db, current.user.id, user_id)
        .await?
        .ok_or_else(|| ApiError::not_found(USER_NOT_FOUND))?;
    Ok(Json(FollowStatus {
        is_following,
        is_requested,
    }))
}
