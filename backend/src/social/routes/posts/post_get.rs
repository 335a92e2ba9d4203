use axum::extract::State;

use super::POST_NOT_FOUND;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::store::posts;
use crate::social::wire::post::{Post, post_answer};

/// One post as the session user sees it (the `/p/{id}` page). A post of a deactivated account
/// is not found, as it is missing from every list.
#[utoipa::path(
    get, path = "/posts/{id}", tag = "posts",
    params(("id" = i64, Path, description = "Post id")),
    responses(
        (status = 200, description = "The post", body = Post),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Post not found", body = ErrorBody),
    )
)]
pub async fn get_post(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(post_id): Path<i64>,
) -> ApiResult<Json<Post>> {
    let post = posts::find(&state.db, current.user.id, post_id)
        .await?
        .ok_or_else(|| ApiError::not_found(POST_NOT_FOUND))?;
    Ok(Json(post_answer(&state.db, post).await?))
}
