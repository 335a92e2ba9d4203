use axum::extract::State;
use axum::http::StatusCode;

use crate::canvas::store::{self, CanvasDeleted};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;

/// Deletes your canvas (issue 43): its picture, its invited people and their invitations go
/// with it; a snapshot you posted from it stays, a post of its own. The owner only.
#[utoipa::path(
    delete, path = "/canvases/{id}", tag = "canvases",
    params(("id" = i64, Path, description = "The canvas")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`Only the canvas owner can do that` (you may join it), or a cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Canvas not found (or not one you may join)", body = ErrorBody),
    )
)]
pub async fn delete_canvas(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    match store::delete(&state.db, current.user.id, id).await? {
        CanvasDeleted::Done => Ok(StatusCode::NO_CONTENT),
        refusal => Err(ApiError::from(refusal)),
    }
}
