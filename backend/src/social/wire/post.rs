//! A post as the viewer sees it, and the like and bookmark answers.

use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::user::UserBrief;
use crate::platform::http::wire::iso_time;
use crate::platform::media;
use crate::social::store::posts::PostView;

/// A post as the viewer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Post {
    pub id: i64,
    pub user: UserBrief,
    /// `/media/{key}` for a stored image, or the http(s) URL the author gave.
    pub image_url: String,
    /// The 320 px rendition of a stored image (null for an external URL).
    #[schema(required = true)]
    pub thumbnail_url: Option<String>,
    /// Pixel size of a stored image, so the client reserves its space (null for an external URL).
    #[schema(required = true)]
    pub width: Option<i64>,
    #[schema(required = true)]
    pub height: Option<i64>,
    /// A blurhash of a stored image, painted before it arrives.
    #[schema(required = true)]
    pub blurhash: Option<String>,
    pub caption: String,
    #[schema(required = true)]
    pub location: Option<String>,
    pub tags: Vec<String>,
    pub likes_count: i64,
    pub comments_count: i64,
    pub shares_count: i64,
    /// Whether the session user likes it.
    pub is_liked: bool,
    /// Whether the session user saved it.
    pub is_bookmarked: bool,
    /// Whether the session user may send it into a chat: theirs, or its author allows sharing
    /// ('3D Content Sharing', issue 43).
    pub allows_sharing: bool,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl From<PostView> for Post {
    fn from(row: PostView) -> Self {
        Self {
            id: row.id,
            user: UserBrief {
                id: row.user_id,
                username: row.username,
                display_name: row.display_name,
                profile_image: row.profile_image,
            },
            image_url: row.image_url,
            thumbnail_url: row.thumbnail_key.as_deref().map(media::url_of),
            width: row.width,
            height: row.height,
            blurhash: row.blurhash,
            caption: row.caption,
            location: row.location,
            tags: serde_json::from_str(&row.tags).unwrap_or_default(),
            likes_count: row.likes_count,
            comments_count: row.comments_count,
            shares_count: row.shares_count,
            is_liked: row.is_liked != 0,
            is_bookmarked: row.is_bookmarked != 0,
            allows_sharing: row.allows_sharing != 0,
            created_at: iso_time(row.created_at),
        }
    }
}

/// {isLiked, likesCount}: the like toggle's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LikeState {
    pub is_liked: bool,
    pub likes_count: i64,
}

/// {isLiked}: the like-status answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LikeStatus {
    pub is_liked: bool,
}

/// {isBookmarked}: the bookmark toggle's and bookmark-status's answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BookmarkState {
    pub is_bookmarked: bool,
}
