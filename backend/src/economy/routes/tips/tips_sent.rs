use axum::extract::State;
use axum::response::Response;

use crate::economy::store::tips;
use crate::economy::wire::earnings::Tip;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

/// Tips you sent: to whom, when, how much and with what message, newest first (issue 42). The
/// creators' side is their earnings' ledger.
#[utoipa::path(
    get, path = "/tips/sent", tag = "earnings",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of the tips you sent, newest first", body = [Tip],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older tips; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_sent_tips(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = tips::sent_page(&state.db, current.user.id, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter().map(Tip::from).collect::<Vec<_>>(),
        next,
    ))
}
