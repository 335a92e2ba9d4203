use axum::extract::State;

use crate::economy::store::tips;
use crate::economy::wire::earnings::Tip;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

/// A tip you sent: `pending` while Stripe's payment of it has not arrived, then `paid` (the
/// tip dialog polls it after Stripe.js confirmed the payment).
#[utoipa::path(
    get, path = "/tips/{id}", tag = "earnings",
    params(("id" = i64, Path, minimum = 1, description = "The tip")),
    responses(
        (status = 200, description = "The tip", body = Tip),
        (status = 400, description = "Not an id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such tip of yours (another's, or given up: its payment failed or never came)", body = ErrorBody),
    )
)]
pub async fn get_tip(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Tip>> {
    let tip = tips::sent_by(&state.db, current.user.id, id)
        .await?
        .ok_or_else(|| ApiError::not_found("Tip not found"))?;
    Ok(Json(Tip::from(tip)))
}
