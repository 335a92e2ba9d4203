use axum::extract::State;
use axum::http::StatusCode;

use super::STORY_NOT_FOUND;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;
use crate::social::rules::story::CANNOT_DELETE_STORY;
use crate::social::store::deletes::{self, Content, Deleted};
use crate::social::store::stories;

/// Deletes a story (issue 43) with its views; the strip loses it at once. Allowed to its
/// author and admins.
#[utoipa::path(
    delete, path = "/stories/{id}", tag = "stories",
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`You cannot delete this story` (someone else's), or a cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "No such story (or hidden from you, or expired)", body = ErrorBody),
    )
)]
pub async fn delete_story(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(story_id): Path<i64>,
) -> ApiResult<StatusCode> {
    let (me, is_admin) = (current.user.id, current.user.is_admin != 0);
    match deletes::delete(&state.db, Content::Story, story_id, me, is_admin).await? {
        Deleted::Done { .. } => Ok(StatusCode::NO_CONTENT),
        Deleted::NotFound => Err(ApiError::not_found(STORY_NOT_FOUND)),
        Deleted::Forbidden => {
            let now = state.clock.now_ms();
            if stories::find(&state.db, me, story_id, now).await?.is_some() {
                Err(ApiError::Forbidden(CANNOT_DELETE_STORY))
            } else {
                Err(ApiError::not_found(STORY_NOT_FOUND))
            }
        }
    }
}
