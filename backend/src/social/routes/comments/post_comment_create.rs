use axum::extract::State;
use axum::http::StatusCode;

use super::{NewCommentRequest, create_on};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::store::comments::Item;
use crate::social::wire::comment::Comment;

/// Comments on a post, or replies to one of its comments (`parentId`); the post's
/// `commentsCount` counts it.
#[utoipa::path(
    post, path = "/posts/{id}/comments", tag = "comments",
    params(("id" = i64, Path, description = "Post id")),
    request_body = NewCommentRequest,
    responses(
        (status = 201, description = "The new comment", body = Comment),
        (status = 400, description = "Invalid id; 'Comment cannot be empty', 'Comment must be under 2200 characters', 'Reply must be to a comment on the same post' (a parentId on another post), 'The comment you are replying to no longer exists', or a control character", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 404, description = "Post not found", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Over the comment limit (comments in 10 minutes); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn create_post_comment(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(post_id): Path<i64>,
    Json(body): Json<NewCommentRequest>,
) -> ApiResult<(StatusCode, Json<Comment>)> {
    create_on(&state, &current, Item::Post(post_id), body).await
}
