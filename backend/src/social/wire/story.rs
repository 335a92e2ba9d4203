//! Stories as the strip shows them: one circle per author, and a group's stories, oldest
//! first, when it is opened.

use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::user::UserBrief;
use crate::platform::http::wire::iso_time;
use crate::social::rules::story::StoryKind;
use crate::social::store::stories::{StoryView, StripGroup};

/// A live story as the viewer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Story {
    pub id: i64,
    /// `/media/{key}` for a stored image, or the http(s) URL the author gave.
    pub image_url: String,
    #[serde(rename = "type")]
    pub kind: StoryKind,
    #[schema(required = true)]
    pub caption: Option<String>,
    /// Distinct viewers other than the author: the author's to know (issue 43), null for
    /// everyone else.
    #[schema(required = true)]
    pub views_count: Option<i64>,
    /// Whether the session user has seen it.
    pub viewed_by_me: bool,
    /// ISO-8601 UTC.
    pub created_at: String,
    /// ISO-8601 UTC: 24 hours after `createdAt`.
    pub expires_at: String,
}

/// One user's live stories, oldest first (`GET /api/users/{id}/stories`: a strip's group
/// opened).
#[derive(Debug, Serialize, ToSchema)]
pub struct StoryGroup {
    pub user: UserBrief,
    pub stories: Vec<Story>,
}

/// One circle of the stories strip: whose, when their latest live story was posted, and
/// whether it is later than the latest of theirs the session user saw (the gradient ring).
/// Its stories are read when it is opened.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryStripGroup {
    pub user: UserBrief,
    /// ISO-8601 UTC.
    pub latest_at: String,
    pub unseen: bool,
}

impl From<StripGroup> for StoryStripGroup {
    fn from(row: StripGroup) -> Self {
        Self {
            user: UserBrief {
                id: row.user_id,
                username: row.username,
                display_name: row.display_name,
                profile_image: row.profile_image,
            },
            latest_at: iso_time(row.latest_at),
            unseen: row.unseen != 0,
        }
    }
}

impl Story {
    /// The row as `viewer` sees it: its count only for its author.
    pub fn seen_by(row: &StoryView, viewer: i64) -> Self {
        Self {
            id: row.id,
            image_url: row.image_url.clone(),
            kind: StoryKind::from_stored(&row.kind),
            caption: row.caption.clone(),
            views_count: (row.user_id == viewer).then_some(row.views_count),
            viewed_by_me: row.viewed_by_me != 0,
            created_at: iso_time(row.created_at),
            expires_at: iso_time(row.expires_at),
        }
    }
}
