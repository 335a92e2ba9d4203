use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::identity::AdminUser;
use crate::kernel::page::{Page, PageQuery};
use crate::moderation::rules::ReportStatus;
use crate::moderation::store::reports;
use crate::moderation::wire::ReportCase;
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ReportStatusQuery {
    /// `open` (the default: waiting for a decision) or `resolved`.
    #[param(inline)]
    pub status: Option<ReportStatus>,
}

/// The moderation queue: one row per reported target, most reports first (then the newest
/// case), with its author, preview, count and reasons.
#[utoipa::path(
    get, path = "/reports", tag = "admin",
    params(ReportStatusQuery, PageQuery),
    responses(
        (status = 200, description = "A page of report cases, most reports first", body = [ReportCase],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page (a case id); absent on the last page"))),
        (status = 400, description = "Invalid status, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`)", body = ErrorBody),
    )
)]
pub async fn list_reports(
    State(state): State<AppState>,
    _admin: AdminUser,
    Query(filter): Query<ReportStatusQuery>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let status = filter.status.unwrap_or_default();
    let rows = reports::queue(&state.db, status, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter().map(ReportCase::from).collect::<Vec<_>>(),
        next,
    ))
}
