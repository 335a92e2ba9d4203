use axum::extract::State;
use axum::response::Response;

use crate::economy::store::shop;
use crate::economy::wire::shop::Order;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

/// The session user's orders, newest first.
#[utoipa::path(
    get, path = "/orders", tag = "shop",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of orders, newest first", body = [Order],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older orders; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_orders(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = shop::orders_page(&state.db, current.user.id, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter().map(Order::from).collect::<Vec<_>>(),
        next,
    ))
}
