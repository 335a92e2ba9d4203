use axum::extract::State;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::rules::comment::COMMENT_NOT_FOUND;
use crate::social::service;
use crate::social::store::{comments, marks};
use crate::social::wire::post::LikeState;

/// Likes the comment, or unlikes it when the session user already does. Any body is ignored:
/// the liker is the session user.
#[utoipa::path(
    post, path = "/comments/{id}/like", tag = "comments",
    params(("id" = i64, Path, description = "Comment id")),
    responses(
        (status = 200, description = "The like state after the toggle", body = LikeState),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Comment not found", body = ErrorBody),
    )
)]
pub async fn toggle_comment_like(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(comment_id): Path<i64>,
) -> ApiResult<Json<LikeState>> {
    // Nobody likes what they cannot see (a comment or an item of someone blocked either way).
    if !comments::comment_visible(&state.db, current.user.id, comment_id).await? {
        return Err(ApiError::not_found(COMMENT_NOT_FOUND));
    }
    let toggled = service::toggle_mark(
        &state,
        &marks::COMMENT_LIKE,
        current.user.id,
        comment_id,
        state.clock.now_ms(),
    )
    .await?
    .ok_or_else(|| ApiError::not_found(COMMENT_NOT_FOUND))?;
    Ok(Json(LikeState {
        is_liked: toggled.is_set,
        likes_count: toggled.count,
    }))
}
