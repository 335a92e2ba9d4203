use axum::extract::State;

use super::POST_NOT_FOUND;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::service;
use crate::social::store::marks;
use crate::social::wire::post::LikeState;

/// Likes the post, or unlikes it when the session user already does. Any body (the first
/// client sends `{userId}`) is ignored: the liker is the session user.
#[utoipa::path(
    post, path = "/posts/{id}/like", tag = "posts",
    params(("id" = i64, Path, description = "Post id")),
    responses(
        (status = 200, description = "The like state after the toggle", body = LikeState),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such post", body = ErrorBody),
    )
)]
pub async fn toggle_like(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(post_id): Path<i64>,
) -> ApiResult<Json<LikeState>> {
    let toggled = service::toggle_mark(
        &state,
        &marks::POST_LIKE,
        current.user.id,
        post_id,
        state.clock.now_ms(),
    )
    .await?
    .ok_or_else(|| ApiError::not_found(POST_NOT_FOUND))?;
    Ok(Json(LikeState {
        is_liked: toggled.is_set,
        likes_count: toggled.count,
    }))
}
