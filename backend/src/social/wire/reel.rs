//! A reel as the pager and a profile's REELS tab show it.

use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::user::UserBrief;
use crate::platform::http::wire::iso_time;
use crate::platform::media::url_of;
use crate::social::store::reels::{ReelVersionRow, ReelVideo, ReelView};

/// A reel's video: a reel's, a reel draft's.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReelVideoFields {
    /// `/media/{key}`: WebM or MP4, served with Range.
    pub video_url: String,
    /// `/media/{key}` of a JPEG frame, or null.
    #[schema(required = true)]
    pub poster_url: Option<String>,
    /// Whole seconds, 1–60.
    pub duration: i64,
    /// Pixel size of the video, when the container says.
    #[schema(required = true)]
    pub width: Option<i64>,
    #[schema(required = true)]
    pub height: Option<i64>,
}

impl From<ReelVideo> for ReelVideoFields {
    fn from(video: ReelVideo) -> Self {
        Self {
            video_url: url_of(&video.media_key),
            poster_url: video.poster_key.as_deref().map(url_of),
            duration: video.duration_seconds,
            width: video.width,
            height: video.height,
        }
    }
}

/// A short vertical video.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reel {
    pub id: i64,
    #[serde(flatten)]
    pub video: ReelVideoFields,
    pub caption: String,
    pub user: UserBrief,
    pub likes_count: i64,
    pub comments_count: i64,
    pub shares_count: i64,
    /// Whether the session user likes it.
    pub is_liked: bool,
    /// Whether the session user may send it into a chat: theirs, or its author allows sharing
    /// ('3D Content Sharing', issue 43).
    pub allows_sharing: bool,
    /// ISO-8601 UTC.
    pub created_at: String,
    /// When its author last edited its caption (issue 44), ISO-8601 UTC; null if never. The
    /// earlier captions: `GET /api/reels/{id}/history`.
    #[schema(required = true)]
    pub edited_at: Option<String>,
}

impl From<ReelView> for Reel {
    fn from(row: ReelView) -> Self {
        Self {
            id: row.id,
            video: row.video.into(),
            caption: row.caption,
            user: UserBrief {
                id: row.user_id,
                username: row.username,
                display_name: row.display_name,
                profile_image: row.profile_image,
            },
            likes_count: row.likes_count,
            comments_count: row.comments_count,
            shares_count: row.shares_count,
            is_liked: row.is_liked != 0,
            allows_sharing: row.allows_sharing != 0,
            created_at: iso_time(row.created_at),
            edited_at: row.edited_at.map(iso_time),
        }
    }
}

/// An earlier caption of a reel (issue 44): what it said before an edit.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReelVersion {
    pub caption: String,
    /// When this version was written (the reel's creation, or the edit that made it),
    /// ISO-8601 UTC.
    pub written_at: String,
}

impl From<ReelVersionRow> for ReelVersion {
    fn from(row: ReelVersionRow) -> Self {
        Self {
            caption: row.caption,
            written_at: iso_time(row.written_at),
        }
    }
}
