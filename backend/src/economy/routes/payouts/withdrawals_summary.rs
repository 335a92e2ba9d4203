use axum::extract::State;

use crate::economy::store::payouts as store;
use crate::economy::wire::payouts::WithdrawalSummary;
use crate::identity::AdminUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

/// The withdrawal tiles: pending ones, and the amounts and fees of every withdrawal.
#[utoipa::path(
    get, path = "/withdrawals/summary", tag = "admin",
    responses(
        (status = 200, description = "The tiles", body = WithdrawalSummary),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`)", body = ErrorBody),
    )
)]
pub async fn withdrawal_summary(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> ApiResult<Json<WithdrawalSummary>> {
    let row = store::withdrawal_summary(&state.db).await?;
    Ok(Json(WithdrawalSummary {
        pending_count: row.pending_count,
        total_amount: row.total_amount,
        total_fees: row.total_fees,
    }))
}
