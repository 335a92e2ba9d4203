use axum::extract::State;
use axum::response::Response;

use crate::economy::store::earnings;
use crate::economy::wire::earnings::EarningCredit;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

/// The session user's ledger: every credit (sales, tips and the platform's), newest first.
#[utoipa::path(
    get, path = "/user/earnings/credits", tag = "earnings",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of credits, newest first", body = [EarningCredit],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older credits; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_credits(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = earnings::credits_page(&state.db, current.user.id, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter()
            .map(EarningCredit::from)
            .collect::<Vec<_>>(),
        next,
    ))
}
