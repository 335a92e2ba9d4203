use axum::extract::State;
use axum::response::Response;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::state::AppState;
use crate::social::store::posts;
use crate::social::wire::post::{Post, page_of_posts};

/// The session user's saved posts, most recently saved first (the SAVED tab).
#[utoipa::path(
    get, path = "/bookmarks", tag = "posts",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of saved posts", body = [Post],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page (a bookmark id); absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_bookmarks(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = posts::bookmarked(&state.db, current.user.id, page).await?;
    page_of_posts(&state, rows, page).await
}
