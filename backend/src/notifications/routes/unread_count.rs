use axum::extract::State;

use crate::identity::CurrentUser;
use crate::notifications::store;
use crate::notifications::wire::UnreadCount;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

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
    let count = store::unread_count(&state.db, current.user.id).await?;
    Ok(Json(UnreadCount { count }))
}
