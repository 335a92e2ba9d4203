//! Reel drafts (issue 44, migration 0053): a reel whose video is uploaded and kept, published
//! later. A draft is its author's alone; every read and write here is keyed by the author's id
//! as well as the draft's. Publishing moves a draft into `reels` (a new row, so it takes its
//! place in the pager as posted at that moment) and deletes it, in one write transaction
//! (`FOR UPDATE` on PostgreSQL, the single writer on SQLite), so it goes out once.

use sqlx::FromRow;

use super::owned::Owned;
use super::reels::{self, NewReel, ReelVideo};
use crate::kernel::page::Page;
use crate::platform::db::{Backend, Db};

/// A reel draft as its author sees it.
#[derive(Debug, Clone, FromRow)]
pub struct ReelDraftRow {
    pub id: i64,
    pub user_id: i64,
    #[sqlx(flatten)]
    pub video: ReelVideo,
    pub caption: String,
    pub created_at: i64,
    pub updated_at: i64,
}

const REEL_DRAFTS: Owned = Owned {
    table: "reel_drafts",
    columns: "id, user_id, media_key, poster_key, caption, duration_seconds, width, height, \
              created_at, updated_at",
};

/// Stores a new reel draft, saved at `new.created_at`; answers its id.
pub async fn insert(db: &Db, new: NewReel<'_>) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO reel_drafts (user_id, media_key, poster_key, caption, duration_seconds,
                                  width, height, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
    )
    .bind(new.user_id)
    .bind(&new.video.media_key)
    .bind(&new.video.poster_key)
    .bind(new.caption)
    .bind(new.video.duration_seconds)
    .bind(new.video.width)
    .bind(new.video.height)
    .bind(new.created_at)
    .fetch_one(&db.pool)
    .await?;
    Ok(id)
}

/// `author`'s reel draft `id`, or `None` (someone else's is not there for them).
pub async fn find(db: &Db, author: i64, id: i64) -> Result<Option<ReelDraftRow>, sqlx::Error> {
    REEL_DRAFTS.find(&db.pool, author, id, "").await
}

/// A page of `author`'s reel drafts, newest first (`reel_drafts_user_idx`).
pub async fn page(db: &Db, author: i64, page: Page) -> Result<Vec<ReelDraftRow>, sqlx::Error> {
    REEL_DRAFTS.page(db, author, "TRUE", page).await
}

/// Gives `author`'s reel draft `id` the caption `caption` (and marks it touched); `false` when
/// there is no such draft of theirs.
pub async fn set_caption(
    db: &Db,
    author: i64,
    id: i64,
    caption: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "UPDATE reel_drafts SET caption = $3, updated_at = $4 WHERE id = $1 AND user_id = $2",
    )
    .bind(id)
    .bind(author)
    .bind(caption)
    .bind(now)
    .execute(&db.pool)
    .await?
    .rows_affected()
        > 0)
}

/// Deletes `author`'s reel draft `id` (its media rows stay, counted, as a deleted reel's do);
/// `false` when there is none.
pub async fn delete(db: &Db, author: i64, id: i64) -> Result<bool, sqlx::Error> {
    REEL_DRAFTS.delete(db, author, id).await
}

/// A reel draft that became a reel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublishedReel {
    pub reel_id: i64,
    pub caption: String,
}

/// Publishes `author`'s reel draft `id` now, as a reel posted at `now`, and deletes the draft,
/// in one write transaction; `None` when there is no such draft of theirs (or another publish
/// got it first).
pub async fn publish_now(
    db: &Db,
    author: i64,
    id: i64,
    now: i64,
) -> Result<Option<PublishedReel>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    // SQLite's BEGIN IMMEDIATE already holds the only write lock.
    let lock = match db.backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    let draft: Option<ReelDraftRow> = REEL_DRAFTS.find(&mut *tx, author, id, lock).await?;
    let Some(draft) = draft else {
        return Ok(None);
    };
    let reel_id = reels::insert_on(
        &mut tx,
        NewReel {
            user_id: author,
            video: &draft.video,
            caption: &draft.caption,
            created_at: now,
        },
    )
    .await?;
    sqlx::query("DELETE FROM reel_drafts WHERE id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Some(PublishedReel {
        reel_id,
        caption: draft.caption,
    }))
}

/// Removes the reel drafts nobody touched since `before` (`reel_drafts_stale_idx`); answers how
/// many went. Their media rows stay, counted, as a deleted reel's do.
pub async fn remove_stale(db: &Db, before: i64) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query("DELETE FROM reel_drafts WHERE updated_at < $1")
        .bind(before)
        .execute(&db.pool)
        .await?
        .rows_affected())
}
