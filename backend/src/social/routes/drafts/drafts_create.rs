use axum::extract::State;
use axum::http::StatusCode;

use super::{DraftRequest, check, one_draft};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;
use crate::social::store::drafts;
use crate::social::wire::draft::Draft;

/// Saves a draft (issue 44): a caption, place, tags and 0 to 10 images with their alt texts,
/// stored now (they count toward your storage), published later.
#[utoipa::path(
    post, path = "/drafts", tag = "drafts",
    request_body = DraftRequest,
    responses(
        (status = 201, description = "The draft", body = Draft),
        (status = 400, description = "A field as a post's would be refused (the same words), or an image URL that could not be fetched", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 413, description = "Body or image too large, or past your storage", body = ErrorBody),
        (status = 415, description = "Not a JSON body, or not a JPEG, PNG, GIF or WebP image", body = ErrorBody),
    )
)]
pub async fn create_draft(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<DraftRequest>,
) -> ApiResult<(StatusCode, Json<Draft>)> {
    let me = current.user.id;
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    let checked = check(&state, me, &body, &[]).await?;
    let media = checked.media_rows();
    let now = state.clock.now_ms();
    let id = drafts::insert(&state.db, me, checked.content(&media), now).await?;
    Ok((
        StatusCode::CREATED,
        Json(one_draft(&state.db, me, id).await?),
    ))
}
