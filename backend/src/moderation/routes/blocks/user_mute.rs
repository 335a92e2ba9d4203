use axum::extract::State;
use axum::http::StatusCode;

use super::{done, someone_else};
use crate::identity::CurrentUser;
use crate::moderation::store::blocks;
use crate::platform::http::error::{ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;

const MUTE_YOURSELF: &str = "You cannot mute yourself";

/// Mutes the user: their posts, reels and stories leave your feed and story strip. They are not
/// told; following, messages and their profile stay as they were. Muting again changes nothing.
#[utoipa::path(
    post, path = "/users/{id}/mute", tag = "blocks",
    params(("id" = i64, Path, description = "The user to mute")),
    responses(
        (status = 204, description = "Muted"),
        (status = 400, description = "Invalid id, or yourself", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "User not found", body = ErrorBody),
    )
)]
pub async fn mute(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(user_id): Path<i64>,
) -> ApiResult<StatusCode> {
    let other = someone_else(&current, user_id, MUTE_YOURSELF)?;
    done(blocks::mute(&state.db, current.user.id, other).await?)
}

/// Unmutes the user: their posts and stories come back to your feed. Unmuting someone you have
/// not muted changes nothing.
#[utoipa::path(
    delete, path = "/users/{id}/mute", tag = "blocks",
    params(("id" = i64, Path, description = "The user to unmute")),
    responses(
        (status = 204, description = "Not muted"),
        (status = 400, description = "Invalid id, or yourself", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "User not found", body = ErrorBody),
    )
)]
pub async fn unmute(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(user_id): Path<i64>,
) -> ApiResult<StatusCode> {
    let other = someone_else(&current, user_id, MUTE_YOURSELF)?;
    done(blocks::unmute(&state.db, current.user.id, other).await?)
}
