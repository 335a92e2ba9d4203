use axum::extract::State;
use axum::response::Response;

use super::oldest_first;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path, Query};
use crate::platform::state::AppState;
use crate::social::rules::comment::COMMENT_NOT_FOUND;
use crate::social::store::comments;
use crate::social::wire::comment::Comment;

/// A comment's replies, oldest to newest: the `limit` newest before the cursor ('View replies
/// (n)'). A reply has none: its replies are stored under its top-level comment.
#[utoipa::path(
    get, path = "/comments/{id}/replies", tag = "comments",
    params(("id" = i64, Path, description = "Comment id"), PageQuery),
    responses(
        (status = 200, description = "Replies, oldest first", body = [Comment],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older replies; absent at the first reply"))),
        (status = 400, description = "Invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Comment not found", body = ErrorBody),
    )
)]
pub async fn list_replies(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(comment_id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = comments::replies(&state.db, current.user.id, comment_id, page)
        .await?
        .ok_or_else(|| ApiError::not_found(COMMENT_NOT_FOUND))?;
    Ok(oldest_first(rows, page))
}
