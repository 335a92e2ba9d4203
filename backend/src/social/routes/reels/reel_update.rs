use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::posting;
use crate::social::rules::reel::{CANNOT_EDIT_REEL, REEL_NOT_FOUND, parse_reel_caption};
use crate::social::store::comments::{self, Item};
use crate::social::store::reels::{self, ReelEdited};
use crate::social::wire::reel::Reel;

/// A reel's new caption (issue 44).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditReelRequest {
    /// Trimmed; at most 2200 characters; empty for none.
    #[schema(max_length = 2200)]
    pub caption: String,
}

/// Edits your reel's caption (not its video): the caption it replaces joins the reel's
/// history, and the reel carries `editedAt`. A person the new caption mentions for the first
/// time is told once; one it no longer mentions keeps the earlier notification.
#[utoipa::path(
    patch, path = "/reels/{id}", tag = "reels",
    params(("id" = i64, Path, description = "Reel id")),
    request_body = EditReelRequest,
    responses(
        (status = 200, description = "The reel as edited", body = Reel),
        (status = 400, description = "Invalid id, or a caption over 2200 characters", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`You can only edit your own reels` (an admin too); `email_unverified`: unverified past the 7-day grace; or a cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Reel not found (or hidden from you: private, blocked either way)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Over the editing limit (edits in 10 minutes, posts' and reels' together); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn update_reel(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(reel_id): Path<i64>,
    Json(body): Json<EditReelRequest>,
) -> ApiResult<Json<Reel>> {
    let me = current.user.id;
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    let caption = parse_reel_caption(&body.caption)?;
    state.limits.check(Limit::Edit, me).await?;
    let now = state.clock.now_ms();
    let caption = match reels::edit(&state.db, me, reel_id, &caption, now).await? {
        ReelEdited::Done { caption } => caption,
        ReelEdited::NotFound => return Err(ApiError::not_found(REEL_NOT_FOUND)),
        // Someone else's reel the caller cannot see is not there for them.
        ReelEdited::NotAuthor => {
            return if comments::item_visible(&state.db, me, Item::Reel(reel_id)).await? {
                Err(ApiError::Forbidden(CANNOT_EDIT_REEL))
            } else {
                Err(ApiError::not_found(REEL_NOT_FOUND))
            };
        }
    };
    // Only the names the reel did not mention before are stored, and so told.
    let reel = posting::tell_reel_mentions(&state, me, reel_id, &caption, now).await?;
    Ok(Json(reel))
}
