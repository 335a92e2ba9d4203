//! Explore's search answer: three groups, each at most 20.

use serde::Serialize;
use utoipa::ToSchema;

use super::post::Post;
use super::tag::TagSummary;
use crate::identity::wire::Profile;

/// {users, tags, posts}: accounts as /api/search/users ranks them, tags by prefix (most posts
/// first), posts by full-text match on caption, tags and location (best first, then newest).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchResults {
    pub users: Vec<Profile>,
    pub tags: Vec<TagSummary>,
    pub posts: Vec<Post>,
}
