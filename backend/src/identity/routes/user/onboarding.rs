use axum::extract::State;
use axum::http::StatusCode;

use crate::identity::CurrentUser;
use crate::identity::store::accounts;
use crate::platform::http::error::{ApiResult, ErrorBody};
use crate::platform::state::AppState;

/// The first run is over (finished or skipped): `onboarded` turns true and the app stops
/// offering it. Idempotent.
#[utoipa::path(
    post, path = "/onboarding", tag = "user",
    responses(
        (status = 204, description = "Recorded"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
    )
)]
pub async fn finish_onboarding(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<StatusCode> {
    accounts::set_onboarded(&state.db, current.user.id, state.clock.now_ms()).await?;
    Ok(StatusCode::NO_CONTENT)
}
