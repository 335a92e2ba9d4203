use axum::extract::State;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::economy::service;
use crate::economy::store::payouts as store;
use crate::economy::store::payouts::{Decided, Decision};
use crate::economy::wire::payouts::AdminWithdrawal;
use crate::identity::AdminUser;
use crate::kernel::text::parse_decision_notes;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

const NOT_FOUND: &str = "Withdrawal not found";

/// The decision on a pending withdrawal.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WithdrawalDecision {
    /// `completed` or `failed`.
    #[schema(value_type = String, required = true, pattern = "^(completed|failed)$")]
    pub status: Option<Value>,
    /// At most 500 characters; default `Approved and processed` or
    /// `Rejected - insufficient documentation`.
    #[schema(max_length = 500)]
    pub notes: Option<String>,
}

/// Completes or fails a pending withdrawal (admins only). One conditional update: of two
/// admins deciding at once, one changes it and the other gets 409. Completed moves the amount
/// from pending to completed; failed returns it to the user's available balance; both in the
/// same transaction as the status and the audit entry.
#[utoipa::path(
    put, path = "/withdrawals/{id}", tag = "admin",
    params(("id" = i64, Path, description = "Withdrawal id")),
    request_body = WithdrawalDecision,
    responses(
        (status = 200, description = "The decided withdrawal", body = AdminWithdrawal),
        (status = 400, description = "`Status must be completed or failed`, notes over 500 characters, or an invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`), or a cross-site request", body = ErrorBody),
        (status = 404, description = "`Withdrawal not found`", body = ErrorBody),
        (status = 409, description = "`This withdrawal was already processed`; nothing changed", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn decide_withdrawal(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<i64>,
    Json(body): Json<WithdrawalDecision>,
) -> ApiResult<Json<AdminWithdrawal>> {
    let decision = match body.status.as_ref().and_then(Value::as_str) {
        Some("completed") => Decision::Completed,
        Some("failed") => Decision::Failed,
        _ => return Err(ApiError::bad_request("Status must be completed or failed")),
    };
    let notes = parse_decision_notes(body.notes.as_deref())?.unwrap_or(match decision {
        Decision::Completed => "Approved and processed",
        Decision::Failed => "Rejected - insufficient documentation",
    });
    match service::decide_withdrawal(&state, id, decision, notes, admin.user.id).await? {
        Decided::Done(_) => {}
        Decided::NotFound => return Err(ApiError::not_found(NOT_FOUND)),
        Decided::AlreadyProcessed => {
            return Err(ApiError::Conflict {
                message: "This withdrawal was already processed".into(),
                code: "already_processed",
            });
        }
    }
    let row = store::find_withdrawal(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    Ok(Json(row.into()))
}
