use axum::extract::State;
use axum::http::StatusCode;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;
use crate::social::rules::comment::{CANNOT_DELETE_COMMENT, COMMENT_NOT_FOUND};
use crate::social::store::comments;
use crate::social::store::comments::Deleted;

/// Deletes a comment with its replies (their likes and mentions too); the post's or reel's
/// `commentsCount` and a reply's top-level `repliesCount` follow. Allowed to the comment's
/// author, the post's or reel's author, and admins.
#[utoipa::path(
    delete, path = "/comments/{id}", tag = "comments",
    params(("id" = i64, Path, description = "Comment id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "'You cannot delete this comment', or a cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Comment not found (or hidden from you: blocked either way)", body = ErrorBody),
    )
)]
pub async fn delete_comment(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(comment_id): Path<i64>,
) -> ApiResult<StatusCode> {
    let is_admin = current.user.is_admin != 0;
    match comments::delete(&state.db, comment_id, current.user.id, is_admin).await? {
        Deleted::Done { .. } => Ok(StatusCode::NO_CONTENT),
        Deleted::NotFound => Err(ApiError::not_found(COMMENT_NOT_FOUND)),
        Deleted::Forbidden => {
            // A comment the caller cannot see (blocked either way) is not there for them.
            if comments::comment_visible(&state.db, current.user.id, comment_id).await? {
                Err(ApiError::Forbidden(CANNOT_DELETE_COMMENT))
            } else {
                Err(ApiError::not_found(COMMENT_NOT_FOUND))
            }
        }
    }
}
