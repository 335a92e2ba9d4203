use axum::extract::State;
use axum::response::Response;

use super::page_of_reels;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::state::AppState;
use crate::social::store::reels;
use crate::social::wire::reel::Reel;

/// Everyone's reels, newest first (the vertical pager).
#[utoipa::path(
    get, path = "/reels", tag = "reels",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of reels, newest first", body = [Reel],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_reels(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = reels::page(&state.db, current.user.id, page).await?;
    Ok(page_of_reels(rows, page))
}
