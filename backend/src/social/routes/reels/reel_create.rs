use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::http::form::{bounded, spool, text_part};
use crate::platform::limits::Limit;
use crate::platform::media::{Media, SpooledVideo, VIDEO_TOO_BIG, sniff_video};
use crate::platform::state::AppState;
use crate::social::rules::reel::parse_reel_caption;
use crate::social::store::reels;
use crate::social::store::reels::NewReel;
use crate::social::wire::reel::Reel;

/// The route's body limit: a little above the video's 100 MiB, so the handler itself answers
/// an oversized video with its clear 413 (room for the caption, a poster and the form's
/// boundaries).
pub const REEL_BODY_LIMIT: usize = 111 * 1024 * 1024;
/// A captured poster frame may be this large (as a profile image).
const POSTER_MAX_BYTES: usize = 10 * 1024 * 1024;
/// A caption part is read up to this many bytes; anything longer cannot be 2200 characters.
const CAPTION_MAX_BYTES: usize = 64 * 1024;
const NOT_MULTIPART: &str = "Send the reel as multipart/form-data with a video file";
const VIDEO_REQUIRED: &str = "A video file is required";
const POSTER_TOO_BIG: &str = "Posters must be at most 10 MB";

/// The form (described for the OpenAPI document; the handler reads it part by part).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct NewReelForm {
    /// A WebM or MP4 video with a video track, at most 60 s and 100 MiB.
    #[schema(value_type = String, format = Binary)]
    pub video: Vec<u8>,
    /// At most 2200 characters.
    #[schema(max_length = 2200)]
    pub caption: Option<String>,
    /// A JPEG, PNG or WebP frame the browser captured; used when the server cannot cut one.
    #[schema(value_type = Option<String>, format = Binary)]
    pub poster: Option<Vec<u8>>,
}

/// Posts a reel. The video is streamed to a temporary file and then to the media store (never
/// held whole in memory), checked by its bytes and measured from its container; the poster is
/// cut with ffmpeg when it is installed, else taken from `poster`, else null.
#[utoipa::path(
    post, path = "/reels", tag = "reels",
    request_body(content = NewReelForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The new reel", body = Reel),
        (status = 400, description = "No video, caption over 2200 characters, or longer than 60 seconds", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or cross-site request refused", body = ErrorBody),
        (status = 413, description = "Video over 100 MiB, or poster over 10 MiB", body = ErrorBody),
        (status = 415, description = "Not a multipart form, a video that is not WebM or MP4, or a poster that is not an image", body = ErrorBody),
        (status = 429, description = "Over the posting limit (posts, reels and stories together, an hour); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn create_reel(
    State(state): State<AppState>,
    current: CurrentUser,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<Reel>)> {
    let mut form = form.map_err(|_| ApiError::UnsupportedMediaType(NOT_MULTIPART.into()))?;
    let mut video: Option<SpooledVideo> = None;
    let mut caption = String::new();
    let mut poster: Option<Vec<u8>> = None;
    while let Some(field) = form.next_field().await? {
        let name = field.name().map(str::to_owned);
        match name.as_deref() {
            Some("video") if video.is_none() => {
                video = spool(field, |head| sniff_video(head).map(|_| ()), VIDEO_TOO_BIG).await?;
            }
            Some("caption") => {
                caption = text_part(field, "caption", CAPTION_MAX_BYTES)
                    .await?
                    .ok_or_else(|| {
                        ApiError::bad_request(crate::social::rules::reel::REEL_CAPTION_TOO_LONG)
                    })?;
            }
            Some("poster") => {
                let bytes = bounded(field, POSTER_MAX_BYTES)
                    .await?
                    .ok_or(ApiError::TooLarge(POSTER_TOO_BIG))?;
                poster = (!bytes.is_empty()).then_some(bytes);
            }
            // Other parts are skipped unread.
            _ => {}
        }
    }
    // Counted once the upload is read: an answer while the client is still sending would cut
    // its connection, and a browser would see a network error instead of the 429.
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    state.limits.check(Limit::Publish, current.user.id).await?;
    let caption = parse_reel_caption(&caption)?;
    let video = video.ok_or_else(|| ApiError::bad_request(VIDEO_REQUIRED))?;
    if let Some(bytes) = &poster {
        Media::check_image(bytes)?;
    }

    let stored = state
        .media
        .charged_to(current.user.id)
        .ingest_video(&state.db, video, poster)
        .await?;
    let reel = reels::insert(
        &state.db,
        NewReel {
            user_id: current.user.id,
            media_key: &stored.key,
            poster_key: stored.poster.as_ref().map(|p| p.key.as_str()),
            caption: &caption,
            duration_seconds: stored.duration,
            width: stored.width,
            height: stored.height,
            created_at: state.clock.now_ms(),
        },
    )
    .await?;
    tracing::info!(
        user_id = current.user.id,
        reel_id = reel.id,
        key = %stored.key,
        duration = stored.duration,
        poster = stored.poster.is_some(),
        "reel posted"
    );
    Ok((StatusCode::CREATED, Json(reel.into())))
}
