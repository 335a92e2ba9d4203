//! Drafts and scheduled posts (issue 44, migration 0050). A draft is its author's alone; every
//! read and write here is keyed by the author's id as well as the draft's. Publishing moves a
//! draft into `posts` (a new row, so it takes its place in the feed as posted at that moment)
//! and deletes it, in one write transaction: a scheduled draft is claimed by that transaction
//! (`FOR UPDATE SKIP LOCKED` on PostgreSQL, the single writer on SQLite), so whichever
//! instance's job gets it publishes it, once.

use sqlx::{AnyConnection, AssertSqlSafe};

use super::owned::Owned;
use super::posts::{self, NewPost, NewPostMedia, PostMediaView};
use crate::kernel::page::Page;
use crate::platform::db::{Backend, Db};

/// A draft as its author sees it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DraftRow {
    pub id: i64,
    pub caption: String,
    pub location: Option<String>,
    /// JSON array.
    pub tags: String,
    pub scheduled_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// One image of a draft: as a post's (`image.post_id` is the draft's id), with its stored media
/// key, which an edit keeps.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DraftMediaRow {
    pub media_key: Option<String>,
    #[sqlx(flatten)]
    pub image: PostMediaView,
}

/// What a draft holds.
pub struct DraftContent<'a> {
    pub caption: &'a str,
    pub location: Option<&'a str>,
    pub tags: &'a [String],
    /// 0 to 10 images.
    pub media: &'a [NewPostMedia<'a>],
}

const DRAFTS: Owned = Owned {
    table: "drafts",
    columns: "id, caption, location, tags, scheduled_at, created_at, updated_at",
};

/// Stores a new draft of `author`'s; answers its id.
pub async fn insert(
    db: &Db,
    author: i64,
    content: DraftContent<'_>,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO drafts (user_id, caption, location, tags, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5) RETURNING id",
    )
    .bind(author)
    .bind(content.caption)
    .bind(content.location)
    .bind(serde_json::Value::from(content.tags).to_string())
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    write_media(&mut tx, id, content.media).await?;
    tx.commit().await?;
    Ok(id)
}

/// Replaces the images of draft `id`.
async fn write_media(
    conn: &mut AnyConnection,
    id: i64,
    media: &[NewPostMedia<'_>],
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM draft_media WHERE draft_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    if media.is_empty() {
        return Ok(());
    }
    let values: Vec<String> = (0..media.len())
        .map(|i| format!("($1, {i}, ${}, ${}, ${})", 3 * i + 2, 3 * i + 3, 3 * i + 4))
        .collect();
    let sql = format!(
        "INSERT INTO draft_media (draft_id, position, image_url, media_key, alt) VALUES {}",
        values.join(", ")
    );
    let mut query = sqlx::query(AssertSqlSafe(sql)).bind(id);
    for item in media {
        query = query
            .bind(item.image_url)
            .bind(item.media_key)
            .bind(item.alt);
    }
    query.execute(&mut *conn).await?;
    Ok(())
}

/// `author`'s draft `id`, or `None` (someone else's is not there for them).
pub async fn find(db: &Db, author: i64, id: i64) -> Result<Option<DraftRow>, sqlx::Error> {
    DRAFTS.find(&db.pool, author, id, "").await
}

/// A page of `author`'s drafts, newest first (`drafts_user_idx`): the scheduled ones
/// (`scheduled`) or the others.
pub async fn page(
    db: &Db,
    author: i64,
    scheduled: bool,
    page: Page,
) -> Result<Vec<DraftRow>, sqlx::Error> {
    let which = if scheduled {
        "scheduled_at IS NOT NULL"
    } else {
        "scheduled_at IS NULL"
    };
    DRAFTS.page(db, author, which, page).await
}

/// The images of `drafts`, each draft's in order.
pub async fn media_of(db: &Db, drafts: &[i64]) -> Result<Vec<DraftMediaRow>, sqlx::Error> {
    if drafts.is_empty() {
        return Ok(Vec::new());
    }
    let placeholders: Vec<String> = (1..=drafts.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT dm.draft_id AS post_id, dm.image_url, dm.media_key,
                COALESCE(m.thumbnail_key, m.key) AS thumbnail_key, m.width, m.height,
                m.blurhash, dm.alt
         FROM draft_media dm LEFT JOIN media m ON m.key = dm.media_key
         WHERE dm.draft_id IN ({}) ORDER BY dm.draft_id, dm.position",
        placeholders.join(", ")
    );
    let mut query = sqlx::query_as(AssertSqlSafe(sql));
    for id in drafts {
        query = query.bind(id);
    }
    query.fetch_all(&db.pool).await
}

/// Replaces what `author`'s draft `id` holds (and marks it touched); `false` when there is no
/// such draft of theirs.
pub async fn update(
    db: &Db,
    author: i64,
    id: i64,
    content: DraftContent<'_>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let changed = sqlx::query(
        "UPDATE drafts SET caption = $3, location = $4, tags = $5, updated_at = $6
         WHERE id = $1 AND user_id = $2",
    )
    .bind(id)
    .bind(author)
    .bind(content.caption)
    .bind(content.location)
    .bind(serde_json::Value::from(content.tags).to_string())
    .bind(now)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        > 0;
    if !changed {
        return Ok(false);
    }
    write_media(&mut tx, id, content.media).await?;
    tx.commit().await?;
    Ok(true)
}

/// Sets (or, with `None`, clears) when `author`'s draft `id` is published; `false` when there
/// is no such draft of theirs, or (setting a time) it holds no image.
pub async fn schedule(
    db: &Db,
    author: i64,
    id: i64,
    at: Option<i64>,
    now: i64,
) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query(
        "UPDATE drafts SET scheduled_at = $3, updated_at = $4
         WHERE id = $1 AND user_id = $2
           AND ($3 IS NULL OR EXISTS (SELECT 1 FROM draft_media WHERE draft_id = $1))",
    )
    .bind(id)
    .bind(author)
    .bind(at)
    .bind(now)
    .execute(&db.pool)
    .await?
    .rows_affected()
        > 0)
}

/// Deletes `author`'s draft `id` with its image rows; `false` when there is none.
pub async fn delete(db: &Db, author: i64, id: i64) -> Result<bool, sqlx::Error> {
    DRAFTS.delete(db, author, id).await
}

/// A draft that became a post.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Published {
    pub post_id: i64,
    pub author: i64,
    pub caption: String,
}

/// Why a draft could not be published now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotPublished {
    /// No such draft of the author's (or another publish got it first).
    NotFound,
    /// A draft needs at least one image to become a post.
    NoImage,
}

/// Publishes `author`'s draft `id` now, as a post made at `now`.
pub async fn publish_now(
    db: &Db,
    author: i64,
    id: i64,
    now: i64,
) -> Result<Result<Published, NotPublished>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let claimed = claim(&mut tx, db.backend, Some((author, id)), now).await?;
    let Some(draft) = claimed else {
        return Ok(Err(NotPublished::NotFound));
    };
    match into_post(&mut tx, draft, now).await? {
        Some(published) => {
            tx.commit().await?;
            Ok(Ok(published))
        }
        None => Ok(Err(NotPublished::NoImage)),
    }
}

/// Publishes one scheduled draft whose time has come (by `now`) and whose author is still
/// active, as a post made at `now`; `None` when none is due. Each call is one transaction that
/// claims its draft, so two instances never publish the same one.
pub async fn publish_one_due(db: &Db, now: i64) -> Result<Option<Published>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let Some(draft) = claim(&mut tx, db.backend, None, now).await? else {
        return Ok(None);
    };
    let id = draft.0;
    match into_post(&mut tx, draft, now).await? {
        Some(published) => {
            tx.commit().await?;
            Ok(Some(published))
        }
        None => {
            // A scheduled draft without images cannot become a post: it goes back to the drafts
            // (scheduling refuses one, so only an edit after scheduling leaves it so).
            sqlx::query("UPDATE drafts SET scheduled_at = NULL WHERE id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(None)
        }
    }
}

/// The draft claimed: id, author, caption, location, tags.
type Claimed = (i64, i64, String, Option<String>, String);

/// Locks one draft for publishing in `conn`'s transaction: `author`'s draft `id`, or (with
/// `None`) the soonest due scheduled one whose author is active.
async fn claim(
    conn: &mut AnyConnection,
    backend: Backend,
    which: Option<(i64, i64)>,
    now: i64,
) -> Result<Option<Claimed>, sqlx::Error> {
    // SQLite's BEGIN IMMEDIATE already holds the only write lock.
    let lock = match backend {
        Backend::Postgres => " FOR UPDATE OF d SKIP LOCKED",
        Backend::Sqlite => "",
    };
    match which {
        Some((author, id)) => {
            sqlx::query_as(AssertSqlSafe(format!(
                "SELECT d.id, d.user_id, d.caption, d.location, d.tags FROM drafts d
                 WHERE d.id = $1 AND d.user_id = $2{lock}"
            )))
            .bind(id)
            .bind(author)
            .fetch_optional(&mut *conn)
            .await
        }
        None => {
            sqlx::query_as(AssertSqlSafe(format!(
                "SELECT d.id, d.user_id, d.caption, d.location, d.tags FROM drafts d
                 JOIN users u ON u.id = d.user_id AND u.deactivated_at IS NULL
                 WHERE d.scheduled_at IS NOT NULL AND d.scheduled_at <= $1
                 ORDER BY d.scheduled_at, d.id LIMIT 1{lock}"
            )))
            .bind(now)
            .fetch_optional(&mut *conn)
            .await
        }
    }
}

/// Writes the claimed draft as a post made at `now` and deletes it; `None` (nothing written)
/// when it holds no image.
async fn into_post(
    conn: &mut AnyConnection,
    (id, author, caption, location, tags): Claimed,
    now: i64,
) -> Result<Option<Published>, sqlx::Error> {
    let media: Vec<(String, Option<String>, String)> = sqlx::query_as(
        "SELECT image_url, media_key, alt FROM draft_media WHERE draft_id = $1 ORDER BY position",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    if media.is_empty() {
        return Ok(None);
    }
    let items: Vec<NewPostMedia> = media
        .iter()
        .map(|(image_url, media_key, alt)| NewPostMedia {
            image_url,
            media_key: media_key.as_deref(),
            alt,
        })
        .collect();
    let tags: Vec<String> = serde_json::from_str(&tags).unwrap_or_default();
    let post_id = posts::insert_on(
        conn,
        NewPost {
            user_id: author,
            caption: &caption,
            media: &items,
            location: location.as_deref(),
            tags: &tags,
            created_at: now,
        },
    )
    .await?;
    sqlx::query("DELETE FROM drafts WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(Some(Published {
        post_id,
        author,
        caption,
    }))
}

/// Removes the drafts (not scheduled) nobody touched since `before`, with their image rows;
/// answers how many went.
pub async fn remove_stale(db: &Db, before: i64) -> Result<u64, sqlx::Error> {
    Ok(
        sqlx::query("DELETE FROM drafts WHERE scheduled_at IS NULL AND updated_at < $1")
            .bind(before)
            .execute(&db.pool)
            .await?
            .rows_affected(),
    )
}
