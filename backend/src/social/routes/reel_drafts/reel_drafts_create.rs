use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;

use super::one_reel_draft;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;
use crate::social::reel_upload::{self, NewReelForm};
use crate::social::store::reel_drafts;
use crate::social::wire::reel_draft::ReelDraft;

/// Saves a reel draft (issue 44): the video is uploaded and checked now, exactly as posting a
/// reel does (it counts toward your storage), and kept with its caption until you publish it.
#[utoipa::path(
    post, path = "/reel-drafts", tag = "reels",
    request_body(content = NewReelForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The reel draft", body = ReelDraft),
        (status = 400, description = "No video, caption over 2200 characters, or longer than 60 seconds", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or cross-site request refused", body = ErrorBody),
        (status = 413, description = "Video over 100 MiB, poster over 10 MiB, or past your storage", body = ErrorBody),
        (status = 415, description = "Not a multipart form, a video that is not WebM or MP4, or a poster that is not an image", body = ErrorBody),
    )
)]
pub async fn create_reel_draft(
    State(state): State<AppState>,
    current: CurrentUser,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<ReelDraft>)> {
    let me = current.user.id;
    let form = reel_upload::read_form(form).await?;
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    let upload = form.store(&state, me).await?;
    let id = reel_drafts::insert(&state.db, upload.at(state.clock.now_ms())).await?;
    Ok((
        StatusCode::CREATED,
        Json(one_reel_draft(&state.db, me, id).await?),
    ))
}
