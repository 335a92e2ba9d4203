use axum::extract::State;
use axum::response::Response;

use crate::ads::store;
use crate::ads::wire::AdminAd;
use crate::identity::AdminUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

/// Every ad (paused and spent too) with its stats, newest first.
#[utoipa::path(
    get, path = "/ads", tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of ads, newest first", body = [AdminAd],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older ads; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`)", body = ErrorBody),
    )
)]
pub async fn list_ads(
    State(state): State<AppState>,
    _admin: AdminUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = store::admin_page(&state.db, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter().map(AdminAd::from).collect::<Vec<_>>(),
        next,
    ))
}
