//! A draft or a scheduled post as its author sees it (issue 44).

use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::http::wire::iso_time;
use crate::social::store::drafts::{DraftMediaRow, DraftRow};
use crate::social::wire::post::{PostMedia, by_post};

/// A post not yet published: only its author sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Draft {
    pub id: i64,
    pub caption: String,
    #[schema(required = true)]
    pub location: Option<String>,
    pub tags: Vec<String>,
    /// Its images in order, 0 to 10 (a draft needs one to be published).
    #[schema(max_items = 10)]
    pub media: Vec<PostMedia>,
    /// When it goes out, ISO-8601 UTC; null for a draft not scheduled.
    #[schema(required = true)]
    pub scheduled_at: Option<String>,
    pub created_at: String,
    /// Last changed; a draft not scheduled and untouched for 30 days is removed.
    pub updated_at: String,
}

impl Draft {
    /// `rows` with their images from `media` (`drafts::media_of` of their ids).
    pub fn with_media(rows: Vec<DraftRow>, images: Vec<DraftMediaRow>) -> Vec<Self> {
        let mut by_draft = by_post(images.into_iter().map(|row| row.image).collect());
        let mut out = Vec::with_capacity(rows.len());
        for row in rows {
            out.push(Self {
                id: row.id,
                caption: row.caption,
                location: row.location,
                tags: serde_json::from_str(&row.tags).unwrap_or_default(),
                media: by_draft.remove(&row.id).unwrap_or_default(),
                scheduled_at: row.scheduled_at.map(iso_time),
                created_at: iso_time(row.created_at),
                updated_at: iso_time(row.updated_at),
            });
        }
        out
    }
}
