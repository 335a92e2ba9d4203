use axum::extract::State;
use axum::response::Response;

use crate::economy::store::checkouts;
use crate::economy::wire::checkout::Checkout;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

/// Your orders (Settings › Orders): the checkouts you paid, newest first, with their lines,
/// address, total and status (an attempt that failed, expired or still waits for its payment
/// is not an order; its receipt stays at `GET /checkouts/{id}`).
#[utoipa::path(
    get, path = "/checkouts", tag = "checkout",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of your paid checkouts, newest first", body = [Checkout],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older ones; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_checkouts(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = checkouts::page(&state.db, current.user.id, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let lines = checkouts::lines_of(&state.db, &ids).await?;
    Ok(paginated(Checkout::page(rows, lines), next))
}

/// One of your checkouts: the review step's summary, then its receipt (`/orders/{id}`).
#[utoipa::path(
    get, path = "/checkouts/{id}", tag = "checkout",
    params(("id" = i64, Path, minimum = 1, description = "The checkout")),
    responses(
        (status = 200, description = "The checkout", body = Checkout),
        (status = 400, description = "Not an id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such checkout of yours", body = ErrorBody),
    )
)]
pub async fn get_checkout(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Checkout>> {
    let row = checkouts::get(&state.db, id, current.user.id)
        .await?
        .ok_or_else(|| ApiError::not_found("Order not found"))?;
    let lines = checkouts::lines_of(&state.db, &[row.id]).await?;
    Ok(Json(Checkout::new(row, lines)))
}
