use axum::extract::State;

use super::POST_NOT_FOUND;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::store::posts;
use crate::social::wire::post::BookmarkState;

/// Whether the session user saved the post (a `?userId=` from the first client is ignored).
#[utoipa::path(
    get, path = "/posts/{id}/bookmark-status", tag = "posts",
    params(("id" = i64, Path, description = "Post id")),
    responses(
        (status = 200, description = "The session user's bookmark state", body = BookmarkState),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such post", body = ErrorBody),
    )
)]
pub async fn bookmark_status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(post_id): Path<i64>,
) -> ApiResult<Json<BookmarkState>> {
    let (_, is_bookmarked) = posts::state_of(&state.db, current.user.id, post_id)
        .await?
        .ok_or_else(|| ApiError::not_found(POST_NOT_FOUND))?;
    Ok(Json(BookmarkState { is_bookmarked }))
}
