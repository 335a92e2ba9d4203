use axum::extract::State;

use crate::identity::wire::SessionUser;
use crate::identity::{CurrentUser, session_user};
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

/// The signed-in user (the client's session check), with the account's state: verification,
/// a pending email change, two-factor, the first run.
#[utoipa::path(
    get, path = "/user", tag = "auth",
    responses(
        (status = 200, description = "The session user", body = SessionUser),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn current_user(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<SessionUser>> {
    Ok(Json(session_user(&state, current.user).await?))
}
