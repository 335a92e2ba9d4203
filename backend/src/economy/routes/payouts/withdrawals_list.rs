use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::economy::store::payouts as store;
use crate::economy::wire::payouts::AdminWithdrawal;
use crate::identity::AdminUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StatusQuery {
    /// Only withdrawals in this status: `pending`, `completed` or `failed`.
    #[param(pattern = "^(pending|completed|failed)$")]
    pub status: Option<String>,
}

/// Every withdrawal with its user, newest first; optionally of one status.
#[utoipa::path(
    get, path = "/withdrawals", tag = "admin",
    params(StatusQuery, PageQuery),
    responses(
        (status = 200, description = "A page of withdrawals, newest first", body = [AdminWithdrawal],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older withdrawals; absent on the last page"))),
        (status = 400, description = "Invalid status, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`)", body = ErrorBody),
    )
)]
pub async fn list_all_withdrawals(
    State(state): State<AppState>,
    _admin: AdminUser,
    Query(filter): Query<StatusQuery>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let status = match filter.status.as_deref() {
        None => None,
        Some(s @ ("pending" | "completed" | "failed")) => Some(s),
        Some(_) => {
            return Err(ApiError::bad_request(
                "Status must be pending, completed or failed",
            ));
        }
    };
    let rows = store::withdrawals_page(&state.db, status, page).await?;
    let (rows, next) = page.split(rows, |row| row.withdrawal.id);
    Ok(paginated(
        rows.into_iter()
            .map(AdminWithdrawal::from)
            .collect::<Vec<_>>(),
        next,
    ))
}
