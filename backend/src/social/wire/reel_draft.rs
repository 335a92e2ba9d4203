//! A reel draft as its author sees it (issue 44).

use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::http::wire::iso_time;
use crate::social::store::reel_drafts::ReelDraftRow;
use crate::social::wire::reel::ReelVideoFields;

/// A reel not yet published: its video is uploaded and kept; only its author sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReelDraft {
    pub id: i64,
    #[serde(flatten)]
    pub video: ReelVideoFields,
    pub caption: String,
    /// ISO-8601 UTC.
    pub created_at: String,
    /// Last changed, ISO-8601 UTC; a reel draft untouched for 30 days is removed.
    pub updated_at: String,
}

impl From<ReelDraftRow> for ReelDraft {
    fn from(row: ReelDraftRow) -> Self {
        Self {
            id: row.id,
            video: row.video.into(),
            caption: row.caption,
            created_at: iso_time(row.created_at),
            updated_at: iso_time(row.updated_at),
        }
    }
}
