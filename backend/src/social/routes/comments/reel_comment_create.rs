use axum::extract::State;
use axum::http::StatusCode;

use super::{NewCommentRequest, create_on};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::store::comments::Item;
use crate::social::wire::comment::Comment;

/// Comments on a reel, or replies to one of its comments (`parentId`); the reel's
/// `commentsCount` counts it.
#[utoipa::path(
    post, path = "/reels/{id}/comments", tag = "comments",
    params(("id" = i64, Path, description = "Reel id")),
    request_body = NewCommentRequest,
    responses(
        (status = 201, description = "The new comment", body = Comment),
        (status = 400, description = "Invalid id; 'Comment cannot be empty', 'Comment must be under 2200 characters', 'Reply must be to a comment on the same reel' (a parentId on another reel), 'The comment you are replying to no longer exists', or a control character", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 404, description = "Reel not found", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Over the comment limit (comments in 10 minutes); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn create_reel_comment(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(reel_id): Path<i64>,
    Json(body): Json<NewCommentRequest>,
) -> ApiResult<(StatusCode, Json<Comment>)> {
    create_on(&state, &current, Item::Reel(reel_id), body).await
}
