use axum::extract::State;
use axum::response::Response;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;
use crate::social::rules::reel::REEL_NOT_FOUND;
use crate::social::store::comments::{self, Item};
use crate::social::store::reels;
use crate::social::wire::reel::ReelVersion;

/// A reel's earlier captions (issue 44), the latest first: what it said before each edit. To
/// anyone who may see the reel.
#[utoipa::path(
    get, path = "/reels/{id}/history", tag = "reels",
    params(("id" = i64, Path, description = "Reel id"), PageQuery),
    responses(
        (status = 200, description = "A page of the earlier captions, newest first (empty for a reel never edited)", body = [ReelVersion],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Reel not found (or hidden from you: private, blocked either way)", body = ErrorBody),
    )
)]
pub async fn reel_history(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(reel_id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    if !comments::item_visible(&state.db, current.user.id, Item::Reel(reel_id)).await? {
        return Err(ApiError::not_found(REEL_NOT_FOUND));
    }
    let rows = reels::versions(&state.db, reel_id, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter().map(ReelVersion::from).collect(),
        next,
    ))
}
