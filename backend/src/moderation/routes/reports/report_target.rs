use axum::extract::State;

use crate::identity::AdminUser;
use crate::moderation::store::reports;
use crate::moderation::wire::ReportedContent;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

/// Opens the target of a report case (admins only), read-only: the whole post, comment, reel,
/// story, message or account, even when it is private, its author blocked the admin, or it was
/// removed. Admins are exempt from the visibility rules for reported targets only, through this
/// route; each read is audited as `report.view` with the case's id.
#[utoipa::path(
    get, path = "/reports/{id}/target", tag = "admin",
    params(("id" = i64, Path, description = "Report case id")),
    responses(
        (status = 200, description = "The reported content; the read is in the audit log", body = ReportedContent),
        (status = 400, description = "An invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`)", body = ErrorBody),
        (status = 404, description = "`Report not found`, or its target was deleted", body = ErrorBody),
    )
)]
pub async fn open_report_target(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<ReportedContent>> {
    let row = reports::open_target(&state.db, admin.user.id, id, state.clock.now_ms())
        .await?
        .ok_or_else(|| ApiError::not_found("Report not found"))?;
    Ok(Json(row.into()))
}
