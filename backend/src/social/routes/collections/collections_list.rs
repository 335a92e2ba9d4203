use axum::extract::State;
use axum::response::Response;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;
use crate::social::store::collections;
use crate::social::wire::collection::{Collection, collections_answer};

/// Your collections of saved posts (issue 44), newest first, each with its count and cover.
#[utoipa::path(
    get, path = "/collections", tag = "collections",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of your collections, newest first", body = [Collection],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_collections(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = collections::page(&state.db, current.user.id, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(collections_answer(&state.db, rows).await?, next))
}
