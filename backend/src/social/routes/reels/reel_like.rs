use axum::extract::State;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::rules::reel::REEL_NOT_FOUND;
use crate::social::service;
use crate::social::store::marks;
use crate::social::wire::post::LikeState;

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
    let toggled = service::toggle_mark(
        &state,
        &marks::REEL_LIKE,
        current.user.id,
        reel_id,
        state.clock.now_ms(),
    )
    .await?
    .ok_or_else(|| ApiError::not_found(REEL_NOT_FOUND))?;
    Ok(Json(LikeState {
        is_liked: toggled.is_set,
        likes_count: toggled.count,
    }))
}
