use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::posting;
use crate::social::reel_upload::{self, NewReelForm};
use crate::social::store::reels;
use crate::social::wire::reel::Reel;

/// Posts a reel. The video is streamed to a temporary file and then to the media store (never
/// held whole in memory), checked by its bytes and measured from its container; the poster is
/// cut with ffmpeg when it is installed, else taken from `poster`, else null. A person the
/// caption names (`@name`) is told, as by a post's.
#[utoipa::path(
    post, path = "/reels", tag = "reels",
    request_body(content = NewReelForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The new reel", body = Reel),
        (status = 400, description = "No video, caption over 2200 characters, or longer than 60 seconds", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or cross-site request refused", body = ErrorBody),
        (status = 413, description = "Video over 100 MiB, poster over 10 MiB, or past your storage", body = ErrorBody),
        (status = 415, description = "Not a multipart form, a video that is not WebM or MP4, or a poster that is not an image", body = ErrorBody),
        (status = 429, description = "Over the posting limit (posts, reels and stories together, an hour); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn create_reel(
    State(state): State<AppState>,
    current: CurrentUser,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<Reel>)> {
    let me = current.user.id;
    let form = reel_upload::read_form(form).await?;
    // Counted once the upload is read: an answer while the client is still sending would cut
    // its connection, and a browser would see a network error instead of the 429.
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    state.limits.check(Limit::Publish, me).await?;
    let upload = form.store(&state, me).await?;
    let now = state.clock.now_ms();
    let reel = reels::insert(&state.db, upload.at(now)).await?;
    let video = &upload.video;
    tracing::info!(
        user_id = me,
        reel_id = reel,
        key = %video.media_key,
        duration = video.duration_seconds,
        poster = video.poster_key.is_some(),
        "reel posted"
    );
    let reel = posting::tell_reel_mentions(&state, me, reel, &upload.caption, now).await?;
    Ok((StatusCode::CREATED, Json(reel)))
}
