use axum::extract::State;
use axum::response::Response;

use super::POST_NOT_FOUND;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;
use crate::social::store::comments::{self, Item};
use crate::social::store::posts;
use crate::social::wire::post::PostVersion;

/// A post's earlier versions (issue 44), the latest first: what it said before each edit. To
/// anyone who may see the post.
#[utoipa::path(
    get, path = "/posts/{id}/history", tag = "posts",
    params(("id" = i64, Path, description = "Post id"), PageQuery),
    responses(
        (status = 200, description = "A page of the earlier versions, newest first (empty for a post never edited)", body = [PostVersion],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Post not found (or hidden from you: private, blocked either way)", body = ErrorBody),
    )
)]
pub async fn post_history(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(post_id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    if !comments::item_visible(&state.db, current.user.id, Item::Post(post_id)).await? {
        return Err(ApiError::not_found(POST_NOT_FOUND));
    }
    let rows = posts::versions(&state.db, post_id, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter().map(PostVersion::from).collect(),
        next,
    ))
}
