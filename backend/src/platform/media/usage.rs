//! Stored media: the `media` table, one row per object in the media store.

use sqlx::FromRow;

use crate::platform::db::{Db, now_ms};

/// A `media` row. Images have dimensions and a blurhash; the main rendition names its
/// thumbnail.
#[derive(Debug, Clone, FromRow)]
pub struct MediaRow {
    pub key: String,
    pub content_type: String,
    pub byte_size: i64,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub blurhash: Option<String>,
    pub thumbnail_key: Option<String>,
    pub created_at: i64,
}

/// What a new row holds (`created_at` is now).
pub struct NewMedia<'a> {
    pub key: &'a str,
    pub content_type: &'a str,
    pub byte_size: i64,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub blurhash: Option<&'a str>,
    pub thumbnail_key: Option<&'a str>,
}

/// Records a stored object. Keys are content hashes, so a row that exists already describes
/// the same bytes: inserting it again changes nothing.
pub async fn insert(db: &Db, new: NewMedia<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO media (key, content_type, byte_size, width, height, blurhash, thumbnail_key,
                            created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (key) DO NOTHING",
    )
    .bind(new.key)
    .bind(new.content_type)
    .bind(new.byte_size)
    .bind(new.width)
    .bind(new.height)
    .bind(new.blurhash)
    .bind(new.thumbnail_key)
    .bind(now_ms())
    .execute(&db.pool)
    .await?;
    Ok(())
}

pub async fn find(db: &Db, key: &str) -> Result<Option<MediaRow>, sqlx::Error> {
    sqlx::query_as(
        // width and height are INTEGER columns: widened so both backends decode an i64.
        "SELECT key, content_type, byte_size, CAST(width AS BIGINT) AS width,
                CAST(height AS BIGINT) AS height, blurhash, thumbnail_key, created_at
         FROM media WHERE key = $1",
    )
    .bind(key)
    .fetch_optional(&db.pool)
    .await
}

/// Counts an upload of `bytes` (stored under `key`) against `user`'s media total, unless it
/// would pass `quota`: the total moves in one conditional update (two uploads at once cannot
/// both pass the last bytes) with the upload's `media_uploads` row, in one write transaction.
/// Answers whether it was counted.
pub async fn charge(
    db: &Db,
    user: i64,
    key: &str,
    bytes: i64,
    quota: i64,
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let moved = sqlx::query(
        "UPDATE users SET media_bytes = media_bytes + $2
         WHERE id = $1 AND media_bytes + $2 <= $3",
    )
    .bind(user)
    .bind(bytes)
    .bind(quota)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if moved == 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO media_uploads (user_id, media_key, byte_size, created_at)
         VALUES ($1, $2, $3, $4)",
    )
    .bind(user)
    .bind(key)
    .bind(bytes)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}
