use axum::extract::State;

use crate::auth::CurrentUser;
use crate::db;
use crate::error::{ApiResult, ErrorBody, Json};
use crate::state::AppState;
use crate::wire::notification::UnreadCount;

/// How many of your notifications are unread (at most 100; the badge reads '99+' beyond 99).
#[utoipa::path(
    get, path = "/notifications/unread-count", tag = "notifications",
    responses(
        (status = 200, description = "Your unread notifications", body = UnreadCount),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn unread_notifications(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<UnreadCount>> {
    let count = db::notifications::unread_count(&state.db, current.user.id).await?;
    Ok(Json(UnreadCount { count }))
}
