use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::one_reel_draft;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::rules::reel::{REEL_DRAFT_NOT_FOUND, parse_reel_caption};
use crate::social::store::reel_drafts;
use crate::social::wire::reel_draft::ReelDraft;

/// A reel draft's new caption (issue 44); its video stays.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReelDraftRequest {
    /// Trimmed; at most 2200 characters; empty for none.
    #[schema(max_length = 2200)]
    pub caption: String,
}

/// Changes your reel draft's caption (issue 44); the draft counts as touched.
#[utoipa::path(
    patch, path = "/reel-drafts/{id}", tag = "reels",
    params(("id" = i64, Path, description = "Reel draft id")),
    request_body = ReelDraftRequest,
    responses(
        (status = 200, description = "The reel draft as it is now", body = ReelDraft),
        (status = 400, description = "Invalid id, or a caption over 2200 characters", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 404, description = "Reel draft not found (or not yours)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn update_reel_draft(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<ReelDraftRequest>,
) -> ApiResult<Json<ReelDraft>> {
    let me = current.user.id;
    let now = state.clock.now_ms();
    crate::identity::may_publish(&current.user, now)?;
    let caption = parse_reel_caption(&body.caption)?;
    if !reel_drafts::set_caption(&state.db, me, id, &caption, now).await? {
        return Err(ApiError::not_found(REEL_DRAFT_NOT_FOUND));
    }
    Ok(Json(one_reel_draft(&state.db, me, id).await?))
}
