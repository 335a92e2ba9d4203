//! A post as the viewer sees it, and the like and bookmark answers.

use std::collections::HashMap;

use serde::Serialize;
use utoipa::ToSchema;

pub use crate::kernel::post_media::PostMedia;
use crate::kernel::user::UserBrief;
use crate::platform::http::wire::iso_time;
use crate::platform::media;
use crate::social::store::posts::{PostMediaView, PostVersionRow, PostView};

/// A post as the viewer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Post {
    pub id: i64,
    pub user: UserBrief,
    /// The post's images in order (issue 44): 1 to 10, each with its alt text.
    #[schema(min_items = 1, max_items = 10)]
    pub media: Vec<PostMedia>,
    /// The first image's `url`.
    #[schema(deprecated)]
    pub image_url: String,
    /// The first image's `thumbnailUrl`.
    #[schema(required = true, deprecated)]
    pub thumbnail_url: Option<String>,
    /// The first image's `width`.
    #[schema(required = true, deprecated)]
    pub width: Option<i64>,
    /// The first image's `height`.
    #[schema(required = true, deprecated)]
    pub height: Option<i64>,
    /// The first image's `blurhash`.
    #[schema(required = true, deprecated)]
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
    /// When its author last edited it (issue 44), ISO-8601 UTC; null if never. The earlier
    /// versions are at `GET /api/posts/{id}/history`.
    #[schema(required = true)]
    pub edited_at: Option<String>,
}

impl From<PostMediaView> for PostMedia {
    fn from(row: PostMediaView) -> Self {
        Self {
            url: row.image_url,
            thumbnail_url: row.thumbnail_key.as_deref().map(media::url_of),
            width: row.width,
            height: row.height,
            blurhash: row.blurhash,
            alt: row.alt,
        }
    }
}

/// The images of `posts` by post, each post's in order: one read for them all (a chat page's
/// shared cards).
pub async fn media_by_post(
    db: &crate::platform::db::Db,
    posts: &[i64],
) -> Result<HashMap<i64, Vec<PostMedia>>, sqlx::Error> {
    let media = crate::social::store::posts::media_of(db, posts).await?;
    Ok(by_post(media))
}

/// `media` (`posts::media_of`'s rows, or a draft's) grouped by post, each post's in order.
pub fn by_post(media: Vec<PostMediaView>) -> HashMap<i64, Vec<PostMedia>> {
    let mut by_post: HashMap<i64, Vec<PostMedia>> = HashMap::new();
    for item in media {
        by_post.entry(item.post_id).or_default().push(item.into());
    }
    by_post
}

/// `rows` as the API shows them, with their images: one more read for the page's carousels, none
/// when each holds one image (its row has it, issue 45).
pub async fn posts_answer(
    db: &crate::platform::db::Db,
    rows: Vec<PostView>,
) -> Result<Vec<Post>, sqlx::Error> {
    let carousels: Vec<i64> = rows
        .iter()
        .filter(|row| row.media_count > 1)
        .map(|row| row.id)
        .collect();
    let media = crate::social::store::posts::media_of(db, &carousels).await?;
    Ok(Post::with_media(rows, media))
}

/// One post as the API shows it, with its images.
pub async fn post_answer(db: &crate::platform::db::Db, row: PostView) -> Result<Post, sqlx::Error> {
    let mut answer = posts_answer(db, vec![row]).await?;
    answer
        .pop()
        .ok_or_else(|| sqlx::Error::Protocol("no post to answer".into()))
}

impl Post {
    /// `rows` as the API shows them, each with its images from `media` (`posts::media_of` of
    /// the carousels' ids; a post of one image shows its row's).
    pub fn with_media(rows: Vec<PostView>, media: Vec<PostMediaView>) -> Vec<Self> {
        let mut by_post = by_post(media);
        rows.into_iter()
            .map(|row| {
                let media = by_post.remove(&row.id).unwrap_or_default();
                Self::from_row(row, media)
            })
            .collect()
    }

    fn from_row(row: PostView, mut media: Vec<PostMedia>) -> Self {
        let thumbnail_url = row.thumbnail_key.as_deref().map(media::url_of);
        if media.is_empty() {
            // A post of one image (its `post_media` row is not read: the post's own columns are
            // its first image's), or a row written around the API.
            media.push(PostMedia {
                url: row.image_url.clone(),
                thumbnail_url: thumbnail_url.clone(),
                width: row.width,
                height: row.height,
                blurhash: row.blurhash.clone(),
                alt: row.alt,
            });
        }
        Self {
            id: row.id,
            user: UserBrief {
                id: row.user_id,
                username: row.username,
                display_name: row.display_name,
                profile_image: row.profile_image,
            },
            media,
            image_url: row.image_url,
            thumbnail_url,
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
            edited_at: row.edited_at.map(iso_time),
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

/// An earlier version of a post (issue 44): what its caption, location, tags and alt texts
/// said until the edit after it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostVersion {
    pub caption: String,
    #[schema(required = true)]
    pub location: Option<String>,
    pub tags: Vec<String>,
    /// Each image's alt text, in order.
    pub alts: Vec<String>,
    /// When this version was written (the post's creation, or the edit that made it),
    /// ISO-8601 UTC.
    pub written_at: String,
}

impl From<PostVersionRow> for PostVersion {
    fn from(row: PostVersionRow) -> Self {
        Self {
            caption: row.caption,
            location: row.location,
            tags: serde_json::from_str(&row.tags).unwrap_or_default(),
            alts: serde_json::from_str(&row.alts).unwrap_or_default(),
            written_at: iso_time(row.written_at),
        }
    }
}
