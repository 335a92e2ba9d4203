use axum::extract::State;

use super::{DRAFT_NOT_FOUND, one_draft};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::store::drafts;
use crate::social::wire::draft::Draft;

/// Cancels a scheduled post's time (issue 44): it goes back to your drafts, unpublished.
#[utoipa::path(
    delete, path = "/drafts/{id}/schedule", tag = "drafts",
    params(("id" = i64, Path, description = "Draft id")),
    responses(
        (status = 200, description = "The draft, no longer scheduled", body = Draft),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Draft not found (or not yours; or published already)", body = ErrorBody),
    )
)]
pub async fn unschedule_draft(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Draft>> {
    let me = current.user.id;
    if !drafts::schedule(&state.db, me, id, None, state.clock.now_ms()).await? {
        return Err(ApiError::not_found(DRAFT_NOT_FOUND));
    }
    Ok(Json(one_draft(&state.db, me, id).await?))
}
