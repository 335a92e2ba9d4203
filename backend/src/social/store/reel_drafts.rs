//! Reel drafts (issue 44, migration 0053): a reel whose video is uploaded and kept, published
//! later. A draft is its author's alone; every read and write here is keyed by the author's id
//! as well as the draft's. Publishing moves a draft into `reels` (a new row, so it takes its
//! place in the pager as posted at that moment) and deletes it, in one write transaction
//! (`FOR UPDATE` on PostgreSQL, the single writer on SQLite), so it goes out once.

use sqlx::{AnyConnection, AssertSqlSafe, FromRow};

use super::reels::{self, NewReel};
use crate::kernel::page::Page;
use crate::platform::db::{Backend, Db};

/// A reel draft as its author sees it.
#[derive(Debug, Clone, FromRow)]
pub struct ReelDraftRow {
    pub id: i64,
    pub user_id: i64,
    pub media_key: String,
    pub poster_key: Option<String>,
    pub caption: String,
    pub duration_seconds: i64,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, user_id, media_key, poster_key, caption, duration_seconds, width, \
                       height, created_at, updated_at";

/// What a new reel draft holds: its stored video and poster, and its caption.
pub struct NewReelDraft<'a> {
    pub user_id: i64,
    pub media_key: &'a str,
    pub poster_key: Option<&'a str>,
    pub caption: &'a str,
    pub duration_seconds: i64,
    pub width: Option<i64>,
    pub height: Option<i64>,
}

/// Stores a new reel draft made at `now`; answers its id.
pub async fn insert(db: &Db, new: NewReelDraft<'_>, now: i64) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO reel_drafts (user_id, media_key, poster_key, caption, duration_seconds,
                                  width, height, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
    )
    .bind(new.user_id)
    .bind(new.media_key)
    .bind(new.poster_key)
    .bind(new.caption)
    .bind(new.duration_seconds)
    .bind(new.width)
    .bind(new.height)
    .bind(now)
    .fetch_one(&db.pool)
    .await?;
    Ok(id)
}

/// `author`'s reel draft `id`, or `None` (someone else's is not there for them).
pub async fn find(db: &Db, author: i64, id: i64) -> Result<Option<ReelDraftRow>, sqlx::Error> {
    sqlx::query_as(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM reel_drafts WHERE id = $1 AND user_id = $2"
    )))
    .bind(id)
    .bind(author)
    .fetch_optional(&db.pool)
    .await
}

/// A page of `author`'s reel drafts, newest first (`reel_drafts_user_idx`).
pub async fn page(db: &Db, author: i64, page: Page) -> Result<Vec<ReelDraftRow>, sqlx::Error> {
    sqlx::query_as(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM reel_drafts WHERE user_id = $1 AND id < $2
         ORDER BY id DESC LIMIT $3"
    )))
    .bind(author)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
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
    Ok(
        sqlx::query("DELETE FROM reel_drafts WHERE id = $1 AND user_id = $2")
            .bind(id)
            .bind(author)
            .execute(&db.pool)
            .await?
            .rows_affected()
            > 0,
    )
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
    let Some(draft) = claim(&mut tx, db.backend, author, id).await? else {
        return Ok(None);
    };
    let reel_id = reels::insert_on(
        &mut tx,
        NewReel {
            user_id: author,
            media_key: &draft.media_key,
            poster_key: draft.poster_key.as_deref(),
            caption: &draft.caption,
            duration_seconds: draft.duration_seconds,
            width: draft.width,
            height: draft.height,
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

/// Locks `author`'s reel draft `id` in `conn`'s transaction (SQLite's BEGIN IMMEDIATE already
/// holds the only write lock).
async fn claim(
    conn: &mut AnyConnection,
    backend: Backend,
    author: i64,
    id: i64,
) -> Result<Option<ReelDraftRow>, sqlx::Error> {
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE",
        Backend::Sqlite => "",
    };
    sqlx::query_as(AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM reel_drafts WHERE id = $1 AND user_id = $2{lock}"
    )))
    .bind(id)
    .bind(author)
    .fetch_optional(&mut *conn)
    .await
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
