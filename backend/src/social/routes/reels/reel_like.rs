use axum::extract::State;

use crate::identity::CurrentUser;
use crate::social::rules::reel::REEL_NOT_FOUND;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::notifications::notices;
use crate::platform::state::AppState;
use crate::social::wire::post::LikeState;
use crate::social::store::reels;

/// Likes the reel, or unlikes it when the session user already does (the heart, or a
/// double-tap). Any body is ignored: the liker is the session user.
#[utoipa::path(
    post, path = "/reels/{id}/like", tag = "reels",
    params(("id" = i64, Path, description = "Reel id")),
    responses(
        (status = 200, description = "The like state after the toggle", body = LikeState),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Reel not found", body = ErrorBody),
    )
)]
pub async fn toggle_reel_like(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(reel_id): Path<i64>,
) -> ApiResult<Json<LikeState>> {
    let toggled = reels::toggle_like(&state.db, current.user.id, reel_id, state.clock.now_ms())
        .await?
        .ok_or_else(|| ApiError::not_found(REEL_NOT_FOUND))?;
    notices::announce(&state, toggled.notice).await;
    Ok(Json(LikeState {
        is_liked: toggled.is_set,
        likes_count: toggled.count,
    }))
}
