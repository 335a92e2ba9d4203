use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::AdminUser;
use crate::kernel::text::parse_decision_notes;
use crate::moderation::rules::ReportAction;
use crate::moderation::service;
use crate::moderation::store::reports;
use crate::moderation::store::reports::Decided;
use crate::moderation::wire::ReportCase;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

const NOT_FOUND: &str = "Report not found";

/// The decision on an open report case.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportDecision {
    pub action: ReportAction,
    /// At most 500 characters, kept with the case and in the audit log.
    #[schema(max_length = 500)]
    pub notes: Option<String>,
}

/// Decides a report case (admins only), once: `dismiss` closes it; `remove` hides the post,
/// comment, reel, story or message from everyone but admins (kept, and out of every count);
/// `suspend` deactivates the author (their sessions and sockets end, sign-in is refused, their
/// content is hidden; `atelier admin restore USER` undoes it). Audited as `report.<action>`
/// with the case's id, in the decision's transaction.
#[utoipa::path(
    put, path = "/reports/{id}", tag = "admin",
    params(("id" = i64, Path, description = "Report case id")),
    request_body = ReportDecision,
    responses(
        (status = 200, description = "The decided case", body = ReportCase),
        (status = 400, description = "A missing or unknown action, `remove` on a reported account (`An account is suspended, not removed`), `suspend` of your own account, notes over 500 characters, or an invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`), or a cross-site request", body = ErrorBody),
        (status = 404, description = "`Report not found`", body = ErrorBody),
        (status = 409, description = "`This report was already decided`; nothing changed", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn decide_report(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<i64>,
    Json(body): Json<ReportDecision>,
) -> ApiResult<Json<ReportCase>> {
    let action = body.action;
    let notes = parse_decision_notes(body.notes.as_deref())?;
    match service::decide_report(&state, id, action, notes, admin.user.id).await? {
        Decided::Done { .. } => {}
        Decided::NotFound => return Err(ApiError::not_found(NOT_FOUND)),
        Decided::AlreadyDecided => {
            return Err(ApiError::Conflict {
                message: "This report was already decided".into(),
                code: "already_decided",
            });
        }
        Decided::NotRemovable => {
            return Err(ApiError::bad_request(
                "An account is suspended, not removed",
            ));
        }
        Decided::SuspendYourself => {
            return Err(ApiError::bad_request("You cannot suspend yourself"));
        }
    }
    let row = reports::find(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    Ok(Json(row.into()))
}
