//! A tag with its count: a tag page's header and search's Tags group.

use serde::Serialize;
use utoipa::ToSchema;

use crate::social::store::tags::TagRow;

/// {tag, postsCount}: a tag (lowercase, without `#`) and how many posts carry it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagSummary {
    pub tag: String,
    pub posts_count: i64,
}

impl From<TagRow> for TagSummary {
    fn from(row: TagRow) -> Self {
        Self {
            tag: row.tag,
            posts_count: row.posts_count,
        }
    }
}
