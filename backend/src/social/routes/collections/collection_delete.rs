use axum::extract::State;
use axum::http::StatusCode;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;
use crate::social::rules::collection::COLLECTION_NOT_FOUND;
use crate::social::store::collections;

/// Deletes one of your collections (issue 44); its posts stay saved, under 'All saved'.
#[utoipa::path(
    delete, path = "/collections/{id}", tag = "collections",
    params(("id" = i64, Path, description = "Collection id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Collection not found (or not yours)", body = ErrorBody),
    )
)]
pub async fn delete_collection(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    if collections::delete(&state.db, current.user.id, id).await? {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(COLLECTION_NOT_FOUND))
    }
}
