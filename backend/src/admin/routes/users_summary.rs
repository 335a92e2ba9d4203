use axum::extract::State;

use crate::admin::store;
use crate::admin::wire::UserSummary;
use crate::identity::AdminUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

/// The user tiles: every user, the admins, and who is online now.
#[utoipa::path(
    get, path = "/users/summary", tag = "admin",
    responses(
        (status = 200, description = "The tiles", body = UserSummary),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`)", body = ErrorBody),
    )
)]
pub async fn user_summary(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> ApiResult<Json<UserSummary>> {
    let (total_users, admin_users) = store::user_counts(&state.db).await?;
    let online = state.realtime.online_count().await;
    Ok(Json(UserSummary {
        total_users,
        admin_users,
        online_users: i64::try_from(online).unwrap_or(i64::MAX),
    }))
}
