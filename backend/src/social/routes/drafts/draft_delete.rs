use axum::extract::State;
use axum::http::StatusCode;

use super::DRAFT_NOT_FOUND;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;
use crate::social::store::drafts;

/// Deletes your draft, or cancels a scheduled post with it (issue 44).
#[utoipa::path(
    delete, path = "/drafts/{id}", tag = "drafts",
    params(("id" = i64, Path, description = "Draft id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Draft not found (or not yours)", body = ErrorBody),
    )
)]
pub async fn delete_draft(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    if drafts::delete(&state.db, current.user.id, id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(DRAFT_NOT_FOUND))
    }
}
