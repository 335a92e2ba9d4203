use axum::extract::State;
use axum::http::StatusCode;

use super::POST_NOT_FOUND;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;
use crate::social::rules::post::CANNOT_DELETE_POST;
use crate::social::service;
use crate::social::store::comments::{self, Item};
use crate::social::store::deletes::Deleted;

/// Deletes a post (issue 43) with its likes, saves, comments, tags and notifications; a chat
/// message that shared it shows it as unavailable. Allowed to its author and admins.
#[utoipa::path(
    delete, path = "/posts/{id}", tag = "posts",
    params(("id" = i64, Path, description = "Post id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`You cannot delete this post` (someone else's), or a cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Post not found (or hidden from you: private, blocked either way)", body = ErrorBody),
    )
)]
pub async fn delete_post(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(post_id): Path<i64>,
) -> ApiResult<StatusCode> {
    let (me, is_admin) = (current.user.id, current.user.is_admin != 0);
    match service::delete_post(&state, post_id, me, is_admin).await? {
        Deleted::Done { .. } => Ok(StatusCode::NO_CONTENT),
        Deleted::NotFound => Err(ApiError::not_found(POST_NOT_FOUND)),
        // A post the caller cannot see is not there for them.
        Deleted::Forbidden => {
            if comments::item_visible(&state.db, me, Item::Post(post_id)).await? {
                Err(ApiError::Forbidden(CANNOT_DELETE_POST))
            } else {
                Err(ApiError::not_found(POST_NOT_FOUND))
            }
        }
    }
}
