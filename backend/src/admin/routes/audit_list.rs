use axum::extract::State;
use axum::response::Response;

use crate::admin::store;
use crate::admin::wire::AuditEntry;
use crate::identity::AdminUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

/// The audit log: every withdrawal decision and ad creation, pause and resume, with the admin
/// and the time; newest first.
#[utoipa::path(
    get, path = "/audit", tag = "admin",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of entries, newest first", body = [AuditEntry],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older entries; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`)", body = ErrorBody),
    )
)]
pub async fn list_audit(
    State(state): State<AppState>,
    _admin: AdminUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = store::audit_page(&state.db, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter().map(AuditEntry::from).collect::<Vec<_>>(),
        next,
    ))
}
