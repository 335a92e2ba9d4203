//! Tags: which posts carry each tag (`post_tags`, primary key (tag, post_id)) and how many
//! (`tags.posts_count`, moved by migration 0018's triggers on `post_tags`, so the count
//! changes in the transaction that writes or deletes a post's tag rows). Tags are normalised
//! by `rules::tag` before they get here.

use sqlx::FromRow;

use super::posts::{PostCard, post_card_select, write_tags};
use crate::fetch_list;
use crate::kernel::page::Page;
use crate::platform::db::{Db, Tx};
use crate::social::rules::tag::{post_tags, search_words};

/// A tag and how many posts carry it.
#[derive(Debug, Clone, FromRow)]
pub struct TagRow {
    pub tag: String,
    pub posts_count: i64,
}

/// A tag that at least one post carries.
pub async fn find(db: &Db, tag: &str) -> Result<Option<TagRow>, sqlx::Error> {
    sqlx::query_as("SELECT tag, posts_count FROM tags WHERE tag = $1 AND posts_count > 0")
        .bind(tag)
        .fetch_optional(&db.pool)
        .await
}

/// How many of the tags beginning with a prefix are read (in code point order) to find the
/// most used: bounds the read for a prefix of one or two letters on a big site.
const PREFIX_READ: i64 = 2_000;

/// Tags beginning with `prefix`, most posts first, then alphabetical; at most `limit`, from
/// the first `PREFIX_READ` of them in code point order. A range of the primary key (tags
/// compare by code point on both backends): every tag character is below U+10FFFF, so
/// `prefix || U+10FFFF` bounds the tags that begin with `prefix`.
pub async fn by_prefix(db: &Db, prefix: &str, limit: i64) -> Result<Vec<TagRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT tag, posts_count FROM (
             SELECT tag, posts_count FROM tags
             WHERE tag >= $1 AND tag < $2 ORDER BY tag LIMIT $3
         ) AS range_read
         WHERE posts_count > 0
         ORDER BY posts_count DESC, tag LIMIT $4",
    )
    .bind(prefix)
    .bind(format!("{prefix}\u{10FFFF}"))
    .bind(PREFIX_READ)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// The posts carrying `tag`, newest first: a backwards walk of `post_tags`' primary key from
/// `page.before`; the cursor is the post id.
pub async fn posts(
    db: &Db,
    viewer: i64,
    tag: &str,
    page: Page,
) -> Result<Vec<PostCard>, sqlx::Error> {
    fetch_list!(
        db,
        PostCard,
        post_card_select!(
            db,
            "t.post_id",
            " JOIN post_tags t ON t.post_id = p.id
             WHERE t.tag = $2 AND t.post_id < $3 ORDER BY t.post_id DESC LIMIT $4"
        ),
        viewer,
        tag,
        page.before,
        page.fetch_limit()
    )
}

/// Posts per backfill transaction.
const BACKFILL_BATCH: i64 = 500;

/// Gives the posts written before migration 0018 their tags and search words (SQL cannot read
/// #hashtags or fold accents alike on both backends), newest first, one batch per transaction.
/// The batch's first statement takes the `tags_backfill` row (a row lock on PostgreSQL, the
/// write lock on SQLite), so two instances starting together take turns; a restart resumes
/// below the last batch. Once none are left the row goes: later starts do one lookup.
/// Answers how many posts it indexed.
pub async fn backfill(db: &Db) -> Result<u64, sqlx::Error> {
    let mut indexed = 0;
    loop {
        let mut tx = db.begin_write().await?;
        let below: Option<(i64,)> =
            sqlx::query_as("UPDATE tags_backfill SET below = below WHERE id = 1 RETURNING below")
                .fetch_optional(&mut *tx)
                .await?;
        let Some((below,)) = below else {
            return Ok(indexed); // nothing to do: the transaction rolls back on drop
        };
        let posts: Vec<(i64, String, String, Option<String>)> = sqlx::query_as(
            "SELECT id, caption, tags, location FROM posts
             WHERE id < $1 ORDER BY id DESC LIMIT $2",
        )
        .bind(below)
        .bind(BACKFILL_BATCH)
        .fetch_all(&mut *tx)
        .await?;
        let Some(&(lowest, ..)) = posts.last() else {
            sqlx::query("DELETE FROM tags_backfill")
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            return Ok(indexed);
        };
        for (id, caption, tags_json, location) in &posts {
            index_post(&mut tx, *id, caption, tags_json, location.as_deref()).await?;
        }
        sqlx::query("UPDATE tags_backfill SET below = $1 WHERE id = 1")
            .bind(lowest)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        indexed += posts.len() as u64;
    }
}

/// One earlier post's tag rows and search words, from its stored caption, tags[] and location.
async fn index_post(
    tx: &mut Tx,
    id: i64,
    caption: &str,
    tags_json: &str,
    location: Option<&str>,
) -> Result<(), sqlx::Error> {
    let entries: Vec<String> = serde_json::from_str(tags_json).unwrap_or_default();
    let tags = post_tags(caption, &entries);
    sqlx::query("UPDATE posts SET search_words = $1 WHERE id = $2")
        .bind(search_words(caption, location, &tags))
        .bind(id)
        .execute(&mut **tx)
        .await?;
    write_tags(tx, id, &tags).await
}
