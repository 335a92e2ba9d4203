//! Reels: short vertical videos. A page of reels is one query (a walk of the primary key, or
//! of `reels_user_id_idx` for one creator, backwards, with each author and the viewer's like
//! joined); a creator's empty page costs one more lookup to tell "no reels" from "no such user".
//! A like toggles as a post's does (social/store/posts.rs): one row per (user, reel), the counter moved in
//! the same transaction.

use sqlx::{AnyConnection, FromRow};

use super::marks::{self, Toggled};
use crate::fetch_list;
use crate::kernel::page::Page;
use crate::platform::db::Db;
use crate::platform::db::visibility::{may_see, shown};
use crate::platform::media::StoredVideo;

/// A reel with its author, as the pager and a profile's REELS tab show it.
#[derive(Debug, Clone, FromRow)]
pub struct ReelView {
    pub id: i64,
    pub user_id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image: Option<String>,
    #[sqlx(flatten)]
    pub video: ReelVideo,
    pub caption: String,
    pub likes_count: i64,
    pub comments_count: i64,
    pub shares_count: i64,
    /// 1 when the viewer likes it.
    pub is_liked: i64,
    /// 1 when the viewer may send it into a chat (issue 43, `allows_sharing!`).
    pub allows_sharing: i64,
    pub created_at: i64,
    /// When its author last edited its caption (issue 44).
    pub edited_at: Option<i64>,
}

crate::native_row!(ReelView {
    id,
    user_id,
    username,
    display_name,
    profile_image,
    video: flatten ReelVideo,
    caption,
    likes_count,
    comments_count,
    shares_count,
    is_liked,
    allows_sharing,
    created_at,
    edited_at,
});

/// A reel's video as stored, a reel's or a reel draft's: its key, its poster's, its length and
/// its size.
#[derive(Debug, Clone, FromRow)]
pub struct ReelVideo {
    pub media_key: String,
    pub poster_key: Option<String>,
    pub duration_seconds: i64,
    pub width: Option<i64>,
    pub height: Option<i64>,
}

crate::native_row!(ReelVideo {
    media_key,
    poster_key,
    duration_seconds,
    width,
    height,
});

impl From<&StoredVideo> for ReelVideo {
    fn from(stored: &StoredVideo) -> Self {
        Self {
            media_key: stored.key.clone(),
            poster_key: stored.poster.as_ref().map(|p| p.key.clone()),
            duration_seconds: stored.duration,
            width: stored.width,
            height: stored.height,
        }
    }
}

/// `ReelView`'s columns; `$1` is the viewer, who sees no reel of an account blocked either way.
macro_rules! reel_view {
    () => {
        concat!(
            "SELECT r.id, r.user_id, u.username, u.display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
                r.media_key, r.poster_key, r.duration_seconds, r.width, r.height, r.caption,
                r.likes_count, r.comments_count, r.shares_count,
                CAST(CASE WHEN EXISTS (SELECT 1 FROM reel_likes l
                                       WHERE l.user_id = $1 AND l.reel_id = r.id)
                     THEN 1 ELSE 0 END AS BIGINT) AS is_liked,
                ",
            $crate::social::store::posts::allows_sharing!("r.user_id"),
            " AS allows_sharing,
                r.created_at, r.edited_at
         FROM reels r
         JOIN users u ON u.id = r.user_id AND u.deactivated_at IS NULL AND ",
            may_see!("$1", "u.id"),
            " AND ",
            shown!("$1", "r.removed_at")
        )
    };
}

/// A reel to store (or a reel draft: `created_at` is then when it was saved).
pub struct NewReel<'a> {
    pub user_id: i64,
    pub video: &'a ReelVideo,
    pub caption: &'a str,
    /// Epoch milliseconds (now, except for seeded reels).
    pub created_at: i64,
}

/// Stores a reel; answers its id.
pub async fn insert(db: &Db, new: NewReel<'_>) -> Result<i64, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    insert_on(&mut conn, new).await
}

/// Stores a reel on `conn` (inside the caller's transaction, when it has one); answers its id.
pub async fn insert_on(conn: &mut AnyConnection, new: NewReel<'_>) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO reels (user_id, media_key, poster_key, caption, duration_seconds, width,
                            height, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
    )
    .bind(new.user_id)
    .bind(&new.video.media_key)
    .bind(&new.video.poster_key)
    .bind(new.caption)
    .bind(new.video.duration_seconds)
    .bind(new.video.width)
    .bind(new.video.height)
    .bind(new.created_at)
    .fetch_one(&mut *conn)
    .await?;
    Ok(id)
}

/// One reel with its author, as `viewer` sees it.
pub async fn find(db: &Db, viewer: i64, id: i64) -> Result<Option<ReelView>, sqlx::Error> {
    sqlx::query_as(concat!(reel_view!(), " WHERE r.id = $2"))
        .bind(viewer)
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// Everyone's reels, newest first (the pager), as `viewer` sees them.
pub async fn page(db: &Db, viewer: i64, page: Page) -> Result<Vec<ReelView>, sqlx::Error> {
    fetch_list!(
        db,
        ReelView,
        concat!(reel_view!(), " WHERE r.id < $2 ORDER BY r.id DESC LIMIT $3"),
        viewer,
        page.before,
        page.fetch_limit()
    )
}

/// One creator's reels, newest first (a profile's REELS tab), as `viewer` sees them; `None`
/// when there is no such user.
pub async fn by_user(
    db: &Db,
    viewer: i64,
    author: i64,
    page: Page,
) -> Result<Option<Vec<ReelView>>, sqlx::Error> {
    let rows = fetch_list!(
        db,
        ReelView,
        concat!(
            reel_view!(),
            " WHERE r.user_id = $2 AND r.id < $3 ORDER BY r.id DESC LIMIT $4"
        ),
        viewer,
        author,
        page.before,
        page.fetch_limit()
    )?;
    if !rows.is_empty() {
        return Ok(Some(rows));
    }
    let user: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM users WHERE id = $1 AND deactivated_at IS NULL")
            .bind(author)
            .fetch_optional(&db.pool)
            .await?;
    Ok(user.map(|_| rows))
}

/// How many reels `user` has posted (the seed tops up only creators with none).
pub async fn count_by_user(db: &Db, user: i64) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM reels WHERE user_id = $1")
        .bind(user)
        .fetch_one(&db.pool)
        .await?;
    Ok(count)
}

/// Likes the reel if `user` does not like it yet, unlikes it otherwise; `None` when there is no
/// such reel (or its author and `user` are blocked either way, and there is no like to take
/// back). One short write transaction, so concurrent toggles by different users all count
/// and the counter never drifts (the shape of social/store/posts.rs `toggle`; reels are never deleted).
pub async fn toggle_like(
    db: &Db,
    user: i64,
    reel: i64,
    now: i64,
) -> Result<Option<Toggled>, sqlx::Error> {
    marks::toggle(db, &marks::REEL_LIKE, user, reel, now).await
}

/// What a caption edit did (issue 44).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReelEdited {
    /// Edited: the caption as it is now (its mentions are the caller's).
    Done { caption: String },
    /// No such reel, or removed by moderation.
    NotFound,
    /// Someone else's reel.
    NotAuthor,
}

/// Gives `author`'s reel `reel_id` the caption `caption` in one write transaction: the caption
/// it replaces goes to `reel_versions` (written when the reel was made, or at the edit before),
/// and the reel takes `edited_at`.
pub async fn edit(
    db: &Db,
    author: i64,
    reel_id: i64,
    caption: &str,
    now: i64,
) -> Result<ReelEdited, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let row: Option<(i64, String, i64, Option<i64>)> = sqlx::query_as(
        "SELECT user_id, caption, created_at, edited_at FROM reels
         WHERE id = $1 AND removed_at IS NULL",
    )
    .bind(reel_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((owner, old_caption, created_at, edited_at)) = row else {
        return Ok(ReelEdited::NotFound);
    };
    if owner != author {
        return Ok(ReelEdited::NotAuthor);
    }
    sqlx::query("INSERT INTO reel_versions (reel_id, caption, written_at) VALUES ($1, $2, $3)")
        .bind(reel_id)
        .bind(&old_caption)
        .bind(edited_at.unwrap_or(created_at))
        .execute(&mut *tx)
        .await?;
    sqlx::query("UPDATE reels SET caption = $2, edited_at = $3 WHERE id = $1")
        .bind(reel_id)
        .bind(caption)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(ReelEdited::Done {
        caption: caption.to_owned(),
    })
}

/// An earlier caption of a reel (issue 44).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ReelVersionRow {
    pub id: i64,
    pub caption: String,
    pub written_at: i64,
}

/// A page of `reel_id`'s earlier captions, newest first (`reel_versions_reel_idx`); the caller
/// has checked that the viewer may see the reel.
pub async fn versions(
    db: &Db,
    reel_id: i64,
    page: Page,
) -> Result<Vec<ReelVersionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, caption, written_at FROM reel_versions
         WHERE reel_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3",
    )
    .bind(reel_id)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}
