use axum::extract::State;
use axum::response::Response;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;
use crate::social::store::reel_drafts;
use crate::social::wire::reel_draft::ReelDraft;

/// Your reel drafts (issue 44), newest first.
#[utoipa::path(
    get, path = "/reel-drafts", tag = "reels",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of your reel drafts, newest first", body = [ReelDraft],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_reel_drafts(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = reel_drafts::page(&state.db, current.user.id, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter().map(ReelDraft::from).collect(),
        next,
    ))
}
