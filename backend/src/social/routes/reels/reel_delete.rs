use axum::extract::State;
use axum::http::StatusCode;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;
use crate::social::rules::reel::{CANNOT_DELETE_REEL, REEL_NOT_FOUND};
use crate::social::store::comments::{self, Item};
use crate::social::store::deletes::{self, Content, Deleted};

/// Deletes a reel (issue 43) with its likes, comments and notifications; a chat message that
/// shared it shows it as unavailable. Allowed to its author and admins.
#[utoipa::path(
    delete, path = "/reels/{id}", tag = "reels",
    params(("id" = i64, Path, description = "Reel id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`You cannot delete this reel` (someone else's), or a cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Reel not found (or hidden from you: private, blocked either way)", body = ErrorBody),
    )
)]
pub async fn delete_reel(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(reel_id): Path<i64>,
) -> ApiResult<StatusCode> {
    let (me, is_admin) = (current.user.id, current.user.is_admin != 0);
    match deletes::delete(&state.db, Content::Reel, reel_id, me, is_admin).await? {
        Deleted::Done { .. } => Ok(StatusCode::NO_CONTENT),
        Deleted::NotFound => Err(ApiError::not_found(REEL_NOT_FOUND)),
        // A reel the caller cannot see is not there for them.
        Deleted::Forbidden => {
            if comments::item_visible(&state.db, me, Item::Reel(reel_id)).await? {
                Err(ApiError::Forbidden(CANNOT_DELETE_REEL))
            } else {
                Err(ApiError::not_found(REEL_NOT_FOUND))
            }
        }
    }
}
