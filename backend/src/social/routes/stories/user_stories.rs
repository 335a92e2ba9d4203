use axum::extract::State;

use crate::identity::CurrentUser;
use crate::identity::rules::account::USER_NOT_FOUND;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::store::stories;
use crate::social::wire::story::{Story, StoryGroup};

/// A user's live stories, oldest first: a strip's circle opened. None when the account is
/// private and you do not follow it, or when its stories all expired since the strip was read.
#[utoipa::path(
    get, path = "/users/{id}/stories", tag = "stories",
    params(("id" = i64, Path, description = "User id")),
    responses(
        (status = 200, description = "The user and their live stories, oldest first", body = StoryGroup),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "`User not found` (or deactivated, or blocked either way)", body = ErrorBody),
    )
)]
pub async fn list_user_stories(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(user_id): Path<i64>,
) -> ApiResult<Json<StoryGroup>> {
    let me = current.user.id;
    let owner = stories::owner_of_group(&state.db, me, user_id)
        .await?
        .ok_or_else(|| ApiError::not_found(USER_NOT_FOUND))?;
    let rows = stories::of_user(&state.db, me, user_id, state.clock.now_ms()).await?;
    Ok(Json(StoryGroup {
        user: owner,
        stories: rows.iter().map(|row| Story::seen_by(row, me)).collect(),
    }))
}
