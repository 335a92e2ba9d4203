use axum::extract::State;

use super::{DRAFT_NOT_FOUND, DraftRequest, check, one_draft};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::store::drafts;
use crate::social::wire::draft::Draft;

/// Replaces what your draft (or scheduled post) holds (issue 44): send all of it; an image may
/// be one of its own (`url`) to keep, or a new one.
#[utoipa::path(
    patch, path = "/drafts/{id}", tag = "drafts",
    params(("id" = i64, Path, description = "Draft id")),
    request_body = DraftRequest,
    responses(
        (status = 200, description = "The draft as it is now", body = Draft),
        (status = 400, description = "Invalid id, or a field as a post's would be refused (the same words)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 404, description = "Draft not found (or not yours)", body = ErrorBody),
        (status = 413, description = "Body or image too large, or past your storage", body = ErrorBody),
        (status = 415, description = "Not a JSON body, or not a JPEG, PNG, GIF or WebP image", body = ErrorBody),
    )
)]
pub async fn update_draft(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<DraftRequest>,
) -> ApiResult<Json<Draft>> {
    let me = current.user.id;
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    if drafts::find(&state.db, me, id).await?.is_none() {
        return Err(ApiError::not_found(DRAFT_NOT_FOUND));
    }
    let kept: Vec<(String, Option<String>)> = drafts::media_of(&state.db, &[id])
        .await?
        .into_iter()
        .map(|row| (row.image.image_url, row.media_key))
        .collect();
    let checked = check(&state, me, &body, &kept).await?;
    let media = checked.media_rows();
    let now = state.clock.now_ms();
    if !drafts::update(&state.db, me, id, checked.content(&media), now).await? {
        return Err(ApiError::not_found(DRAFT_NOT_FOUND));
    }
    Ok(Json(one_draft(&state.db, me, id).await?))
}
