//! A comment or a reply as the viewer sees it (issue 19).

use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::user::UserCard;
use crate::platform::http::wire::iso_time;
use crate::social::store::comments::CommentView;

/// A comment on a post or a reel (exactly one of `postId`, `reelId` is set), or a reply to a
/// top-level comment (`parentId`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Comment {
    pub id: i64,
    #[schema(required = true)]
    pub post_id: Option<i64>,
    #[schema(required = true)]
    pub reel_id: Option<i64>,
    /// The top-level comment this one replies to; null for a top-level comment.
    #[schema(required = true)]
    pub parent_id: Option<i64>,
    pub user: UserCard,
    /// Trimmed, 1–2200 characters.
    pub content: String,
    pub likes_count: i64,
    /// Whether the session user likes it.
    pub is_liked: bool,
    /// How many replies a top-level comment has (0 for a reply).
    pub replies_count: i64,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl From<CommentView> for Comment {
    fn from(row: CommentView) -> Self {
        Self {
            id: row.id,
            post_id: row.post_id,
            reel_id: row.reel_id,
            parent_id: row.parent_id,
            user: UserCard {
                id: row.user_id,
                username: row.username,
                display_name: row.display_name,
                profile_image_url: row.profile_image,
            },
            content: row.content,
            likes_count: row.likes_count,
            is_liked: row.is_liked != 0,
            replies_count: row.replies_count,
            created_at: iso_time(row.created_at),
        }
    }
}
