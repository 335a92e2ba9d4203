use axum::extract::State;
use axum::response::Response;

use super::page_of_reels;
use crate::identity::CurrentUser;
use crate::identity::rules::account::USER_NOT_FOUND;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path, Query};
use crate::platform::state::AppState;
use crate::social::store::reels;
use crate::social::wire::reel::Reel;

/// One creator's reels, newest first (a profile's REELS tab).
#[utoipa::path(
    get, path = "/reels/user/{userId}", tag = "reels",
    params(("userId" = i64, Path, description = "The creator's id"), PageQuery),
    responses(
        (status = 200, description = "A page of the user's reels, newest first", body = [Reel],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "User not found", body = ErrorBody),
    )
)]
pub async fn list_user_reels(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(user_id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = reels::by_user(&state.db, current.user.id, user_id, page)
        .await?
        .ok_or_else(|| ApiError::not_found(USER_NOT_FOUND))?;
    Ok(page_of_reels(rows, page))
}
