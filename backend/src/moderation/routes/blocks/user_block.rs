use axum::extract::State;
use axum::http::StatusCode;

use super::{done, someone_else};
use crate::identity::CurrentUser;
use crate::moderation::service;
use crate::moderation::store::blocks;
use crate::platform::http::error::{ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;

const BLOCK_YOURSELF: &str = "You cannot block yourself";

/// Blocks the user: the follows between you end, and neither of you sees the other's profile
/// or content, nor can follow, message, call or mention the other; each leaves the live canvas
/// rooms of the other's canvases at once. Blocking again changes nothing.
#[utoipa::path(
    post, path = "/users/{id}/block", tag = "blocks",
    params(("id" = i64, Path, description = "The user to block")),
    responses(
        (status = 204, description = "Blocked"),
        (status = 400, description = "Invalid id, or yourself", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "User not found", body = ErrorBody),
    )
)]
pub async fn block(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(user_id): Path<i64>,
) -> ApiResult<StatusCode> {
    let other = someone_else(&current, user_id, BLOCK_YOURSELF)?;
    done(service::block(&state, current.user.id, other).await?)
}

/// Unblocks the user (the follows that the block ended do not come back). Unblocking someone
/// you have not blocked changes nothing.
#[utoipa::path(
    delete, path = "/users/{id}/block", tag = "blocks",
    params(("id" = i64, Path, description = "The user to unblock")),
    responses(
        (status = 204, description = "Not blocked"),
        (status = 400, description = "Invalid id, or yourself", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "User not found", body = ErrorBody),
    )
)]
pub async fn unblock(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(user_id): Path<i64>,
) -> ApiResult<StatusCode> {
    let other = someone_else(&current, user_id, BLOCK_YOURSELF)?;
    done(blocks::unblock(&state.db, current.user.id, other).await?)
}
