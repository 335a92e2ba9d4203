use axum::extract::State;
use axum::http::StatusCode;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;
use crate::social::rules::voice_reaction::{
    CANNOT_DELETE_VOICE_REACTION, VOICE_REACTION_NOT_FOUND,
};
use crate::social::service;
use crate::social::store::voice_reactions;

/// Deletes a voice reaction. Allowed to its sender, the post's or reel's author, and admins; the
/// sender leaves the author's notification with their last reaction on the item.
#[utoipa::path(
    delete, path = "/voice-reactions/{id}", tag = "voice-reactions",
    params(("id" = i64, Path, description = "Voice reaction id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "'You cannot delete this voice reaction', or a cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Voice reaction not found (or one you may not hear)", body = ErrorBody),
    )
)]
pub async fn delete_voice_reaction(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    let me = current.user.id;
    let owners = voice_reactions::find(&state.db, me, id)
        .await?
        .ok_or_else(|| ApiError::not_found(VOICE_REACTION_NOT_FOUND))?;
    if owners.sender_id != me && owners.author_id != me && current.user.is_admin == 0 {
        return Err(ApiError::Forbidden(CANNOT_DELETE_VOICE_REACTION));
    }
    if !service::delete_voice_reaction(&state, id, &owners).await? {
        return Err(ApiError::not_found(VOICE_REACTION_NOT_FOUND));
    }
    Ok(StatusCode::NO_CONTENT)
}
