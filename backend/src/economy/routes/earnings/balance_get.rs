use axum::extract::State;

use crate::economy::store::earnings;
use crate::economy::wire::earnings::Balance;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

/// The session user's balance, in cents.
#[utoipa::path(
    get, path = "/user/balance", tag = "earnings",
    responses(
        (status = 200, description = "Available, pending and total earnings", body = Balance),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn get_balance(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Balance>> {
    let row = earnings::balance(&state.db, current.user.id).await?;
    Ok(Json(Balance::from(row)))
}
