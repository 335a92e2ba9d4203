use axum::extract::State;

use super::VOICEMAIL_NOT_FOUND;
use crate::calls::store::voicemails;
use crate::calls::wire::Voicemail;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

/// Marks one of the session user's voicemails listened (again is harmless).
#[utoipa::path(
    patch, path = "/voicemails/{id}/listen", tag = "voicemail",
    params(("id" = i64, Path, description = "The voicemail")),
    responses(
        (status = 200, description = "The voicemail, listened", body = Voicemail),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Voicemail not found (or not yours)", body = ErrorBody),
    )
)]
pub async fn listen_voicemail(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Voicemail>> {
    let me = current.user.id;
    let now = state.clock.now_ms();
    if !voicemails::listen(&state.db, me, id, now).await? {
        return Err(ApiError::not_found(VOICEMAIL_NOT_FOUND));
    }
    let row = voicemails::find(&state.db, me, id)
        .await?
        .ok_or_else(|| ApiError::not_found(VOICEMAIL_NOT_FOUND))?;
    Ok(Json(row.into()))
}
