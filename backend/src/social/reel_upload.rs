//! A reel's upload: the multipart form `POST /api/reels` and `POST /api/reel-drafts` (issue 44)
//! both take, read part by part and then stored. The video is streamed to a temporary file and
//! then to the media store (never held whole in memory), checked by its bytes and measured from
//! its container; the poster is cut with ffmpeg when it is installed, else taken from `poster`,
//! else null. Each route counts its own limit between reading and storing.

use axum::extract::Multipart;
use axum::extract::multipart::MultipartRejection;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::form::{bounded, spool, text_part};
use crate::platform::media::{Media, SpooledVideo, VIDEO_TOO_BIG, sniff_video};
use crate::platform::state::AppState;
use crate::social::rules::reel::{REEL_CAPTION_TOO_LONG, parse_reel_caption};
use crate::social::store::reels::{NewReel, ReelVideo};

/// The upload routes' body limit: a little above the video's 100 MiB, so the handler itself
/// answers an oversized video with its clear 413 (room for the caption, a poster and the form's
/// boundaries).
pub const REEL_BODY_LIMIT: usize = 111 * 1024 * 1024;
/// A captured poster frame may be this large (as a profile image).
const POSTER_MAX_BYTES: usize = 10 * 1024 * 1024;
/// A caption part is read up to this many bytes; anything longer cannot be 2200 characters.
const CAPTION_MAX_BYTES: usize = 64 * 1024;
const NOT_MULTIPART: &str = "Send the reel as multipart/form-data with a video file";
const VIDEO_REQUIRED: &str = "A video file is required";
const POSTER_TOO_BIG: &str = "Posters must be at most 10 MB";

/// The form (described for the OpenAPI document; the handlers read it part by part).
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

/// The form as read: each part within its bound, the video's first bytes sniffed; nothing else
/// checked yet.
pub struct ReelForm {
    video: Option<SpooledVideo>,
    caption: String,
    poster: Option<Vec<u8>>,
}

/// A reel's video stored (with its poster, charged to its author) and its caption parsed.
pub struct UploadedReel {
    pub author: i64,
    pub caption: String,
    pub video: ReelVideo,
}

impl UploadedReel {
    /// The reel (or reel draft) it makes, posted (or saved) at `now`.
    pub fn at(&self, now: i64) -> NewReel<'_> {
        NewReel {
            user_id: self.author,
            video: &self.video,
            caption: &self.caption,
            created_at: now,
        }
    }
}

/// Reads the whole form (other parts are skipped unread). Refusing while the client is still
/// sending would cut its connection, so every check that can wait waits for `ReelForm::store`.
pub async fn read_form(form: Result<Multipart, MultipartRejection>) -> ApiResult<ReelForm> {
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
                    .ok_or_else(|| ApiError::bad_request(REEL_CAPTION_TOO_LONG))?;
            }
            Some("poster") => {
                let bytes = bounded(field, POSTER_MAX_BYTES)
                    .await?
                    .ok_or(ApiError::TooLarge(POSTER_TOO_BIG))?;
                poster = (!bytes.is_empty()).then_some(bytes);
            }
            _ => {}
        }
    }
    Ok(ReelForm {
        video,
        caption,
        poster,
    })
}

impl ReelForm {
    /// Checks the caption (as creating a reel does), that there is a video and that the poster
    /// is an image; then stores the video and its poster, charged to `author`'s quota.
    pub async fn store(self, state: &AppState, author: i64) -> ApiResult<UploadedReel> {
        let caption = parse_reel_caption(&self.caption)?;
        let video = self
            .video
            .ok_or_else(|| ApiError::bad_request(VIDEO_REQUIRED))?;
        if let Some(bytes) = &self.poster {
            Media::check_image(bytes)?;
        }
        let video = state
            .media
            .charged_to(author)
            .ingest_video(&state.db, video, self.poster)
            .await?;
        Ok(UploadedReel {
            author,
            caption,
            video: ReelVideo::from(&video),
        })
    }
}
