use axum::extract::State;
use axum::http::StatusCode;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;
use crate::social::rules::reel::REEL_DRAFT_NOT_FOUND;
use crate::social::store::reel_drafts;

/// Deletes your reel draft (issue 44). Its video stays counted toward your storage, as a
/// deleted reel's does.
#[utoipa::path(
    delete, path = "/reel-drafts/{id}", tag = "reels",
    params(("id" = i64, Path, description = "Reel draft id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Reel draft not found (or not yours)", body = ErrorBody),
    )
)]
pub async fn delete_reel_draft(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    if reel_drafts::delete(&state.db, current.user.id, id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(REEL_DRAFT_NOT_FOUND))
    }
}
