use axum::extract::State;
use axum::response::Response;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::kernel::user::UserCard;
use crate::moderation::store::blocks;
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

/// The accounts you blocked, the latest first (settings › Blocked accounts).
#[utoipa::path(
    get, path = "/user/blocks", tag = "blocks",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of the accounts you blocked, the latest first", body = [UserCard],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_blocks(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = blocks::list(&state.db, current.user.id, page).await?;
    let (rows, next) = page.split(rows, |row| row.block_id);
    Ok(paginated(
        rows.into_iter().map(UserCard::from).collect(),
        next,
    ))
}
