use axum::extract::State;
use axum::http::StatusCode;

use super::refusal;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;
use crate::social::rules::post::POST_NOT_FOUND;
use crate::social::store::collections::{self, Refused};

/// Takes a post out of one of your collections (issue 44); it stays saved, under 'All saved'.
#[utoipa::path(
    delete, path = "/collections/{id}/posts/{postId}", tag = "collections",
    params(
        ("id" = i64, Path, description = "Collection id"),
        ("postId" = i64, Path, description = "Post id"),
    ),
    responses(
        (status = 204, description = "Taken out"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Collection not found (or not yours), or the post is not in it", body = ErrorBody),
    )
)]
pub async fn remove_collection_post(
    State(state): State<AppState>,
    current: CurrentUser,
    Path((id, post)): Path<(i64, i64)>,
) -> ApiResult<StatusCode> {
    collections::remove(&state.db, current.user.id, id, post)
        .await?
        .map_err(|refused| match refused {
            Refused::NoPost => ApiError::not_found(POST_NOT_FOUND),
            other => refusal(other),
        })?;
    Ok(StatusCode::NO_CONTENT)
}
