//! A reel draft as its author sees it (issue 44).

use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::http::wire::iso_time;
use crate::platform::media::url_of;
use crate::social::store::reel_drafts::ReelDraftRow;

/// A reel not yet published: its video is uploaded and kept; only its author sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReelDraft {
    pub id: i64,
    /// `/media/{key}`: WebM or MP4, served with Range.
    pub video_url: String,
    /// `/media/{key}` of a JPEG frame, or null.
    #[schema(required = true)]
    pub poster_url: Option<String>,
    pub caption: String,
    /// Whole seconds, 1–60.
    pub duration: i64,
    /// Pixel size of the video, when the container says.
    #[schema(required = true)]
    pub width: Option<i64>,
    #[schema(required = true)]
    pub height: Option<i64>,
    /// ISO-8601 UTC.
    pub created_at: String,
    /// Last changed, ISO-8601 UTC; a reel draft untouched for 30 days is removed.
    pub updated_at: String,
}

impl From<ReelDraftRow> for ReelDraft {
    fn from(row: ReelDraftRow) -> Self {
        Self {
            id: row.id,
            video_url: url_of(&row.media_key),
            poster_url: row.poster_key.as_deref().map(url_of),
            caption: row.caption,
            duration: row.duration_seconds,
            width: row.width,
            height: row.height,
            created_at: iso_time(row.created_at),
            updated_at: iso_time(row.updated_at),
        }
    }
}
