//! A named collection of saved posts as its owner sees it (issue 44).

use std::collections::HashMap;

use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::db::Db;
use crate::platform::http::wire::iso_time;
use crate::social::store::collections::CollectionRow;
use crate::social::store::posts::media_of;
use crate::social::wire::post::PostMedia;

/// A collection of saved posts: only its owner sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Collection {
    pub id: i64,
    /// 1 to 50 characters.
    #[schema(min_length = 1, max_length = 50)]
    pub name: String,
    /// Its posts the owner may still see.
    #[schema(minimum = 0)]
    pub posts_count: i64,
    /// The first image of the post most recently added; null for an empty collection.
    #[schema(required = true)]
    pub cover: Option<PostMedia>,
    pub created_at: String,
    /// Last renamed or added to.
    pub updated_at: String,
}

/// `rows` as the API shows them, each with its cover: one more read for the whole page.
pub async fn collections_answer(
    db: &Db,
    rows: Vec<CollectionRow>,
) -> Result<Vec<Collection>, sqlx::Error> {
    let covers: Vec<i64> = rows.iter().filter_map(|row| row.cover_post_id).collect();
    let mut first: HashMap<i64, PostMedia> = HashMap::with_capacity(covers.len());
    for item in media_of(db, &covers).await? {
        first.entry(item.post_id).or_insert_with(|| item.into());
    }
    Ok(rows
        .into_iter()
        .map(|row| Collection {
            cover: row.cover_post_id.and_then(|post| first.get(&post).cloned()),
            id: row.id,
            name: row.name,
            posts_count: row.posts_count,
            created_at: iso_time(row.created_at),
            updated_at: iso_time(row.updated_at),
        })
        .collect())
}

/// One collection as the API shows it.
pub async fn collection_answer(db: &Db, row: CollectionRow) -> Result<Collection, sqlx::Error> {
    let mut answer = collections_answer(db, vec![row]).await?;
    answer
        .pop()
        .ok_or_else(|| sqlx::Error::Protocol("no collection to answer".into()))
}

/// The ids of your collections that hold a post.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostCollections {
    /// Newest first; empty when the post is in none (it may still be saved).
    pub collection_ids: Vec<i64>,
}
