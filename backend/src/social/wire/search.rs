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

/// `SearchResults`' members before its posts.
#[derive(Serialize)]
struct Found<'a> {
    users: &'a [Profile],
    tags: &'a [TagSummary],
}

/// The bytes `SearchResults` serialises to, its posts given as their JSON array already written
/// (`post::posts_json`, from the posts' cached fragments; issue 45).
pub fn search_json(
    users: &[Profile],
    tags: &[TagSummary],
    posts: &[u8],
) -> Result<Vec<u8>, sonic_rs::Error> {
    let mut out = sonic_rs::to_vec(&Found { users, tags })?;
    out.pop();
    out.extend_from_slice(br#","posts":"#);
    out.extend_from_slice(posts);
    out.push(b'}');
    Ok(out)
}
