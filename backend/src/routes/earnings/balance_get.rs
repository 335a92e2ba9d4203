use axum::extract::State;

use crate::auth::CurrentUser;
use crate::db;
use crate::error::{ApiResult, ErrorBody, Json};
use crate::state::AppState;
use crate::wire::earnings::Balance;

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
    let row = db::earnings::balance(&state.db, current.user.id).await?;
    Ok(Json(Balance::from(row)))
}
