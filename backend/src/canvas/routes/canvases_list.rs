use axum::extract::State;
use axum::response::Response;

use super::with_members;
use crate::canvas::store;
use crate::canvas::wire::Canvas;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

/// The canvases you may draw on, newest first: yours, those you were invited to, and those
/// that people you follow opened to their followers.
#[utoipa::path(
    get, path = "/canvases", tag = "canvases",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of canvases, newest first", body = [Canvas],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_canvases(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = store::list(&state.db, current.user.id, page).await?;
    let (rows, next) = page.split(rows, |(cursor, _)| *cursor);
    let canvases = with_members(&state, rows.into_iter().map(|(_, row)| row).collect()).await?;
    Ok(paginated(canvases, next))
}
