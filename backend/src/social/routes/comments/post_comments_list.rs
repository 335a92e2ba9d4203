use axum::extract::State;
use axum::response::Response;

use super::list_on;
use crate::identity::CurrentUser;
use crate::kernel::page::PageQuery;
use crate::platform::http::error::{ApiResult, ErrorBody, Path, Query};
use crate::platform::state::AppState;
use crate::social::store::comments::Item;
use crate::social::wire::comment::Comment;

/// A post's top-level comments, oldest to newest: the `limit` newest before the cursor (as a
/// conversation's messages page).
#[utoipa::path(
    get, path = "/posts/{id}/comments", tag = "comments",
    params(("id" = i64, Path, description = "Post id"), PageQuery),
    responses(
        (status = 200, description = "Top-level comments, oldest first", body = [Comment],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older comments; absent at the first comment"))),
        (status = 400, description = "Invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Post not found", body = ErrorBody),
    )
)]
pub async fn list_post_comments(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(post_id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    list_on(&state, &current, Item::Post(post_id), &query).await
}
