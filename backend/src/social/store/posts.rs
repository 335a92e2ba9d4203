//! Posts, likes and bookmarks. A page of posts is one query: author, image metadata, counts
//! and the viewer's like and bookmark state are joined in (Lemmy's `PostView`), and every
//! list walks an index in key order (`posts` by id, `posts_user_id_idx`, `bookmarks_user_id_idx`,
//! `posts_hot_score_idx`).
//!
//! Trending ranks by a stored hot score (Reddit's): `log10(max(1, likes + 2 × saves))` plus the
//! creation time in seconds / 45,000, so a tenfold engagement is worth 12.5 hours of freshness.
//! Every statement that moves `likes_count` or `bookmarks_count` sets it in the same statement
//! (`hot_score!`), and an insert sets it too, so the ranking is a walk of its index.

use sqlx::{AnyConnection, AssertSqlSafe, ColumnIndex, Decode, FromRow, Row, Type};

use super::marks::{self, Toggled};
use crate::kernel::page::Page;
use crate::platform::db::visibility::{may_see, not_muted, shown};
use crate::platform::db::{Db, fetch_for_ids, now_ms};
use crate::social::rules::tag::{post_tags, search_words};
use crate::{fetch_list, hot_score};

/// A post as a page shows it to one viewer, but for its viewer-independent part: who wrote it,
/// its counts and the viewer's marks (issue 45). The rest, its `PostBody`, is the same for every
/// viewer until an edit moves `revision` on, so a page writes it from a cache of its JSON
/// (social/post_fragments.rs) and reads it here only for posts the cache lacks (`bodies_of`).
/// Read by position, in the order of `post_card_list!`.
#[derive(Debug, Clone)]
pub struct PostCard {
    /// The list's keyset cursor: the post id, or the bookmark id in the SAVED list.
    pub cursor: i64,
    pub id: i64,
    /// Moved on by every edit (migration 0057): the key of the post's cached body.
    pub revision: i64,
    pub user_id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image: Option<String>,
    pub likes_count: i64,
    pub comments_count: i64,
    pub shares_count: i64,
    pub is_liked: i64,
    pub is_bookmarked: i64,
    /// 1 when the viewer may send it into a chat: theirs, or its author's '3D Content
    /// Sharing' is on (issue 43).
    pub allows_sharing: i64,
}

crate::native_row!(PostCard {
    cursor,
    id,
    revision,
    user_id,
    username,
    display_name,
    profile_image,
    likes_count,
    comments_count,
    shares_count,
    is_liked,
    is_bookmarked,
    allows_sharing,
});

/// What a post shows every viewer alike: its first image, caption, tags and times. Read by
/// position, in the order of `post_body_list!`.
#[derive(Debug, Clone)]
pub struct PostBody {
    pub image_url: String,
    pub thumbnail_key: Option<String>,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub blurhash: Option<String>,
    pub caption: String,
    pub location: Option<String>,
    /// JSON array of strings.
    pub tags: String,
    pub created_at: i64,
    /// When its author last edited it (issue 44).
    pub edited_at: Option<i64>,
    /// How many images it holds: only a carousel's are read from `post_media` (issue 45).
    pub media_count: i64,
    /// Its first image's alt text.
    pub alt: String,
}

crate::native_row!(PostBody {
    image_url,
    thumbnail_key,
    width,
    height,
    blurhash,
    caption,
    location,
    tags,
    created_at,
    edited_at,
    media_count,
    alt,
});

/// A post's body with its id and revision (`bodies_of`).
#[derive(Debug, Clone)]
pub struct PostBodyRow {
    pub id: i64,
    pub revision: i64,
    pub body: PostBody,
}

crate::native_row!(PostBodyRow {
    id,
    revision,
    body: flatten PostBody,
});

/// A post as the API shows it to one viewer, whole: its card and its body (one post by id, and
/// search's few).
#[derive(Debug, Clone)]
pub struct PostView {
    pub card: PostCard,
    pub body: PostBody,
}

crate::native_row!(PostView {
    card: flatten PostCard,
    body: flatten PostBody,
});

/// The card's columns from position 0 (`PostCard`, the cursor first).
fn card_at<'r, R: Row>(row: &'r R) -> Result<PostCard, sqlx::Error>
where
    usize: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
{
    Ok(PostCard {
        cursor: row.try_get(0)?,
        id: row.try_get(1)?,
        revision: row.try_get(2)?,
        user_id: row.try_get(3)?,
        username: row.try_get(4)?,
        display_name: row.try_get(5)?,
        profile_image: row.try_get(6)?,
        likes_count: row.try_get(7)?,
        comments_count: row.try_get(8)?,
        shares_count: row.try_get(9)?,
        is_liked: row.try_get(10)?,
        is_bookmarked: row.try_get(11)?,
        allows_sharing: row.try_get(12)?,
    })
}

/// The body's columns from position `at`.
fn body_at<'r, R: Row>(row: &'r R, at: usize) -> Result<PostBody, sqlx::Error>
where
    usize: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
{
    Ok(PostBody {
        image_url: row.try_get(at)?,
        thumbnail_key: row.try_get(at + 1)?,
        width: row.try_get(at + 2)?,
        height: row.try_get(at + 3)?,
        blurhash: row.try_get(at + 4)?,
        caption: row.try_get(at + 5)?,
        location: row.try_get(at + 6)?,
        tags: row.try_get(at + 7)?,
        created_at: row.try_get(at + 8)?,
        edited_at: row.try_get(at + 9)?,
        media_count: row.try_get(at + 10)?,
        alt: row.try_get(at + 11)?,
    })
}

/// The card's width in columns, the cursor included.
const CARD_COLUMNS: usize = 13;

// By position rather than by name: a page decodes its columns of 20 rows, and looking each name
// up cost more than decoding the value (callgrind, docs/benchmarks.md). Works on the `Any` rows
// and the native SQLite ones alike.
impl<'r, R: Row> FromRow<'r, R> for PostCard
where
    usize: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
{
    fn from_row(row: &'r R) -> Result<Self, sqlx::Error> {
        card_at(row)
    }
}

impl<'r, R: Row> FromRow<'r, R> for PostView
where
    usize: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
{
    fn from_row(row: &'r R) -> Result<Self, sqlx::Error> {
        Ok(Self {
            card: card_at(row)?,
            body: body_at(row, CARD_COLUMNS)?,
        })
    }
}

impl<'r, R: Row> FromRow<'r, R> for PostBodyRow
where
    usize: ColumnIndex<R>,
    i64: Decode<'r, R::Database> + Type<R::Database>,
    String: Decode<'r, R::Database> + Type<R::Database>,
{
    fn from_row(row: &'r R) -> Result<Self, sqlx::Error> {
        Ok(Self {
            id: row.try_get(0)?,
            revision: row.try_get(1)?,
            body: body_at(row, 2)?,
        })
    }
}

/// The card's select list after the cursor (`PostCard`); `$1` is the viewer. Two forms, the
/// same rows (`post_card_select!` picks by backend):
/// - `joined` (SQLite): the viewer's like and save and the author's settings are joined
///   (`post_from!(joined)`), each at most one row. SQLite opens, seeks and closes a cursor for
///   every correlated `EXISTS` of every row; a join keeps its cursor open (issue 45: a feed
///   page's SQLite work 233k → 179k instructions).
/// - `exists` (PostgreSQL): the same as correlated `EXISTS`. PostgreSQL evaluates a select
///   list's subqueries for the page's rows only, and with four more joins its generic plan for
///   trending hash-joined whole tables (`scripts/pg-plans.sh`).
macro_rules! post_card_list {
    (joined) => {
        concat!(
            $crate::social::store::posts::post_card_list!(head),
            "CAST(CASE WHEN vl.post_id IS NULL THEN 0 ELSE 1 END AS BIGINT) AS is_liked,
             CAST(CASE WHEN vb.post_id IS NULL THEN 0 ELSE 1 END AS BIGINT) AS is_bookmarked,
             ",
            $crate::social::store::posts::allows_sharing!("p.user_id", "us"),
            " AS allows_sharing"
        )
    };
    (exists) => {
        concat!(
            $crate::social::store::posts::post_card_list!(head),
            "CAST(CASE WHEN EXISTS (SELECT 1 FROM post_likes l
                                    WHERE l.user_id = $1 AND l.post_id = p.id)
                  THEN 1 ELSE 0 END AS BIGINT) AS is_liked,
             CAST(CASE WHEN EXISTS (SELECT 1 FROM bookmarks b
                                    WHERE b.user_id = $1 AND b.post_id = p.id)
                  THEN 1 ELSE 0 END AS BIGINT) AS is_bookmarked,
             ",
            $crate::social::store::posts::allows_sharing!("p.user_id"),
            " AS allows_sharing"
        )
    };
    (head) => {
        "p.id, p.revision, p.user_id, u.username, u.display_name,
         COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
         p.likes_count, p.comments_count, p.shares_count,
         "
    };
}

/// The body's select list (`PostBody`), over `p` and its first image's media row `m`
/// (`MEDIA_JOIN`). A stored image of at most 320 px is its own thumbnail (the same bytes, so one
/// media row without a thumbnail key).
macro_rules! post_body_list {
    () => {
        "p.image_url, COALESCE(m.thumbnail_key, m.key) AS thumbnail_key, m.width, m.height,
         m.blurhash, p.caption, p.location, p.tags, p.created_at, p.edited_at, p.media_count,
         p.alt"
    };
}

/// A post's first image's media row, for `post_body_list!`.
macro_rules! media_join {
    () => {
        " LEFT JOIN media m ON m.key = p.media_key"
    };
}

/// ` FROM posts p` and the rows every card and post read joins, `$1` the viewer. Posts of
/// deactivated accounts, and of accounts the viewer blocked or that blocked the viewer, drop out
/// of every list here and every read by id (the join), and come back with the account or when
/// the block ends; so do posts removed by moderation (but for admins); so do a private account's
/// posts for anyone but its followers (`visibility::in_audience!`'s rule).
macro_rules! post_from {
    (joined) => {
        concat!(
            " FROM posts p
             LEFT JOIN user_settings us ON us.user_id = p.user_id
             JOIN users u ON u.id = p.user_id AND u.deactivated_at IS NULL AND ",
            $crate::platform::db::visibility::not_blocked!("$1", "u.id"),
            " AND ",
            $crate::platform::db::visibility::in_audience!("$1", "u.id", "us"),
            " AND ",
            $crate::platform::db::visibility::shown!("$1", "p.removed_at"),
            " LEFT JOIN post_likes vl ON vl.user_id = $1 AND vl.post_id = p.id
             LEFT JOIN bookmarks vb ON vb.user_id = $1 AND vb.post_id = p.id"
        )
    };
    (exists) => {
        concat!(
            " FROM posts p
             JOIN users u ON u.id = p.user_id AND u.deactivated_at IS NULL AND ",
            $crate::platform::db::visibility::may_see!("$1", "u.id"),
            " AND ",
            $crate::platform::db::visibility::shown!("$1", "p.removed_at")
        )
    };
}

/// `SELECT <cursor> AS cursor, <PostCard's columns> FROM …<tail…>` in the form for `db`'s
/// backend (`post_card_list!`): a `&'static str`.
macro_rules! post_card_select {
    ($db:expr, $cursor:literal, $($tail:expr),+ $(,)?) => {
        match $db.backend {
            $crate::platform::db::Backend::Sqlite => concat!(
                "SELECT ", $cursor, " AS cursor, ",
                $crate::social::store::posts::post_card_list!(joined),
                $crate::social::store::posts::post_from!(joined),
                $($tail),+
            ),
            $crate::platform::db::Backend::Postgres => concat!(
                "SELECT ", $cursor, " AS cursor, ",
                $crate::social::store::posts::post_card_list!(exists),
                $crate::social::store::posts::post_from!(exists),
                $($tail),+
            ),
        }
    };
}

/// `SELECT <cursor> AS cursor, <PostView's columns> FROM …<tail…>` in the form for `db`'s
/// backend: the card's columns, then the body's.
macro_rules! post_view_select {
    ($db:expr, $cursor:literal, $($tail:expr),+ $(,)?) => {
        match $db.backend {
            $crate::platform::db::Backend::Sqlite => concat!(
                "SELECT ", $cursor, " AS cursor, ",
                $crate::social::store::posts::post_card_list!(joined),
                ", ",
                $crate::social::store::posts::post_body_list!(),
                $crate::social::store::posts::post_from!(joined),
                $crate::social::store::posts::media_join!(),
                $($tail),+
            ),
            $crate::platform::db::Backend::Postgres => concat!(
                "SELECT ", $cursor, " AS cursor, ",
                $crate::social::store::posts::post_card_list!(exists),
                ", ",
                $crate::social::store::posts::post_body_list!(),
                $crate::social::store::posts::post_from!(exists),
                $crate::social::store::posts::media_join!(),
                $($tail),+
            ),
        }
    };
}
pub(crate) use {media_join, post_body_list, post_card_list, post_card_select, post_from};

/// 1 when the viewer (`$1`) may send an item by `$author` into a chat: their own, or its
/// author has not turned '3D Content Sharing' off (issue 43; one `user_settings` row by key).
/// With a second argument, the alias of the author's `user_settings` row already joined (at
/// most one row), its `share_3d_content` is read instead.
macro_rules! allows_sharing {
    ($author:literal, $settings:literal) => {
        concat!(
            "CAST(CASE WHEN ",
            $author,
            " = $1 OR ",
            $settings,
            ".share_3d_content IS DISTINCT FROM 0 THEN 1 ELSE 0 END AS BIGINT)"
        )
    };
    ($author:literal) => {
        concat!(
            "CAST(CASE WHEN ",
            $author,
            " = $1 OR NOT EXISTS (SELECT 1 FROM user_settings ss
                      WHERE ss.user_id = ",
            $author,
            " AND ss.share_3d_content = 0)
              THEN 1 ELSE 0 END AS BIGINT)"
        )
    };
}
pub(crate) use allows_sharing;
// Tags' and search's lists answer the same post shape (social/store/tags.rs, social/store/search.rs).

/// Trending looks at posts of the last 30 days.
pub const TRENDING_WINDOW_MS: i64 = 30 * 24 * 3_600_000;

/// One image of a new post (issue 44), in the post's order.
pub struct NewPostMedia<'a> {
    /// `/media/{key}` for a stored image.
    pub image_url: &'a str,
    pub media_key: Option<&'a str>,
    /// Trimmed; empty when the author gave none.
    pub alt: &'a str,
}

pub struct NewPost<'a> {
    pub user_id: i64,
    pub caption: &'a str,
    /// 1 to 10 images; the first is also the post's own `image_url` and `media_key`.
    pub media: &'a [NewPostMedia<'a>],
    pub location: Option<&'a str>,
    /// As the author typed them (trimmed, blank ones dropped): the post's `tags[]`.
    pub tags: &'a [String],
    /// Epoch milliseconds (now, except for seeded history).
    pub created_at: i64,
}

/// Inserts a post with its images (`post_media`), its tags (its caption's #hashtags and its
/// `tags[]` entries, normalised: `post_tags` rows whose triggers count them in `tags`) and its
/// search words, in one transaction; answers its id.
pub async fn insert(db: &Db, new: NewPost<'_>) -> Result<i64, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let id = insert_on(&mut tx, new).await?;
    tx.commit().await?;
    Ok(id)
}

/// `insert` on the caller's write transaction (a scheduled draft publishes in the transaction
/// that claims it).
pub async fn insert_on(conn: &mut AnyConnection, new: NewPost<'_>) -> Result<i64, sqlx::Error> {
    let Some(first) = new.media.first() else {
        return Err(sqlx::Error::Protocol("a post needs an image".into()));
    };
    let tags = post_tags(new.caption, new.tags);
    let words = search_words(new.caption, new.location, &tags);
    let (id,): (i64,) = sqlx::query_as(concat!(
        "INSERT INTO posts (user_id, caption, image_url, media_key, location, tags, created_at,
                            hot_score, search_words, media_count, alt)
         VALUES ($1, $2, $3, $4, $5, $6, $7, ",
        hot_score!("0", "0", "$7"),
        ", $8, $9, $10) RETURNING id"
    ))
    .bind(new.user_id)
    .bind(new.caption)
    .bind(first.image_url)
    .bind(first.media_key)
    .bind(new.location)
    .bind(serde_json::Value::from(new.tags).to_string())
    .bind(new.created_at)
    .bind(words)
    .bind(new.media.len() as i64)
    .bind(first.alt)
    .fetch_one(&mut *conn)
    .await?;
    let values: Vec<String> = (0..new.media.len())
        .map(|i| format!("($1, {i}, ${}, ${}, ${})", 3 * i + 2, 3 * i + 3, 3 * i + 4))
        .collect();
    let sql = format!(
        "INSERT INTO post_media (post_id, position, image_url, media_key, alt) VALUES {}",
        values.join(", ")
    );
    let mut query = sqlx::query(AssertSqlSafe(sql)).bind(id);
    for item in new.media {
        query = query
            .bind(item.image_url)
            .bind(item.media_key)
            .bind(item.alt);
    }
    query.execute(&mut *conn).await?;
    write_tags(conn, id, &tags).await?;
    Ok(id)
}

/// What an edit changes (issue 44); `None` keeps the field as it is. `location: Some(None)`
/// clears it.
pub struct PostEdit<'a> {
    pub caption: Option<&'a str>,
    pub location: Option<Option<&'a str>>,
    pub tags: Option<&'a [String]>,
    /// One per image, in order.
    pub alts: Option<&'a [String]>,
}

/// What an edit did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edited {
    /// Edited: the caption as it is now (its mentions are the caller's).
    Done { caption: String },
    /// No such post, or removed by moderation.
    NotFound,
    /// Someone else's post.
    NotAuthor,
    /// `alts` does not name each image once: the post holds this many.
    AltCount(usize),
}

/// A post as an edit reads it: author, caption, location, tags, created and edited times.
type EditedRow = (i64, String, Option<String>, String, i64, Option<i64>);

/// Edits `author`'s post `post_id` in one write transaction: the version it replaces goes to
/// `post_versions`, the post takes the new caption, location and tags (its `post_tags` and
/// search words follow, by migration 0018's triggers) and `edited_at`, and each image its alt.
pub async fn edit(
    db: &Db,
    author: i64,
    post_id: i64,
    edit: PostEdit<'_>,
    now: i64,
) -> Result<Edited, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let row: Option<EditedRow> = sqlx::query_as(
        "SELECT user_id, caption, location, tags, created_at, edited_at FROM posts
         WHERE id = $1 AND removed_at IS NULL",
    )
    .bind(post_id)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((owner, caption, location, tags_json, created_at, edited_at)) = row else {
        return Ok(Edited::NotFound);
    };
    if owner != author {
        return Ok(Edited::NotAuthor);
    }
    let alts: Vec<(String,)> =
        sqlx::query_as("SELECT alt FROM post_media WHERE post_id = $1 ORDER BY position")
            .bind(post_id)
            .fetch_all(&mut *tx)
            .await?;
    let alts: Vec<String> = alts.into_iter().map(|(alt,)| alt).collect();
    if let Some(new_alts) = edit.alts
        && new_alts.len() != alts.len()
    {
        return Ok(Edited::AltCount(alts.len()));
    }
    sqlx::query(
        "INSERT INTO post_versions (post_id, caption, location, tags, alts, written_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(post_id)
    .bind(&caption)
    .bind(&location)
    .bind(&tags_json)
    .bind(serde_json::Value::from(alts.clone()).to_string())
    .bind(edited_at.unwrap_or(created_at))
    .execute(&mut *tx)
    .await?;

    let old_tags: Vec<String> = serde_json::from_str(&tags_json).unwrap_or_default();
    let new_caption = edit.caption.unwrap_or(&caption);
    let new_location = edit.location.unwrap_or(location.as_deref());
    let new_tags = edit.tags.unwrap_or(&old_tags);
    let tags = post_tags(new_caption, new_tags);
    let words = search_words(new_caption, new_location, &tags);
    sqlx::query(
        "UPDATE posts SET caption = $2, location = $3, tags = $4, search_words = $5,
                          edited_at = $6, revision = revision + 1
         WHERE id = $1",
    )
    .bind(post_id)
    .bind(new_caption)
    .bind(new_location)
    .bind(serde_json::Value::from(new_tags).to_string())
    .bind(words)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    // The tag rows follow the new text: the old ones go (their counts move down), the new come.
    sqlx::query("DELETE FROM post_tags WHERE post_id = $1")
        .bind(post_id)
        .execute(&mut *tx)
        .await?;
    write_tags(&mut tx, post_id, &tags).await?;
    if let Some(new_alts) = edit.alts {
        for (position, (old, new)) in alts.iter().zip(new_alts).enumerate() {
            if old != new {
                sqlx::query("UPDATE post_media SET alt = $3 WHERE post_id = $1 AND position = $2")
                    .bind(post_id)
                    .bind(position as i64)
                    .bind(new)
                    .execute(&mut *tx)
                    .await?;
                if position == 0 {
                    // The post's own copy of its first image's alt (migration 0054).
                    sqlx::query("UPDATE posts SET alt = $2 WHERE id = $1")
                        .bind(post_id)
                        .bind(new)
                        .execute(&mut *tx)
                        .await?;
                }
            }
        }
    }
    let caption = new_caption.to_owned();
    tx.commit().await?;
    Ok(Edited::Done { caption })
}

/// An earlier version of a post (issue 44).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PostVersionRow {
    pub id: i64,
    pub caption: String,
    pub location: Option<String>,
    /// JSON arrays.
    pub tags: String,
    pub alts: String,
    pub written_at: i64,
}

/// A page of `post_id`'s earlier versions, newest first (`post_versions_post_idx`); the caller
/// has checked that the viewer may see the post.
pub async fn versions(
    db: &Db,
    post_id: i64,
    page: Page,
) -> Result<Vec<PostVersionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, caption, location, tags, alts, written_at FROM post_versions
         WHERE post_id = $1 AND id < $2 ORDER BY id DESC LIMIT $3",
    )
    .bind(post_id)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

/// One image of a post as the API shows it (issue 44).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PostMediaView {
    pub post_id: i64,
    pub image_url: String,
    pub thumbnail_key: Option<String>,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub blurhash: Option<String>,
    pub alt: String,
}

crate::native_row!(PostMediaView {
    post_id,
    image_url,
    thumbnail_key,
    width,
    height,
    blurhash,
    alt,
});

/// The images of `posts` (a page's, at most a page's worth of ids), each post's in order: one
/// read of the primary key per post, whatever the page, natively on SQLite (`fetch_for_ids`;
/// issue 45: through sqlx's Any driver this read was about 135k instructions of a feed page's
/// million).
pub async fn media_of(db: &Db, posts: &[i64]) -> Result<Vec<PostMediaView>, sqlx::Error> {
    fetch_for_ids(
        db,
        "SELECT pm.post_id, pm.image_url, COALESCE(m.thumbnail_key, m.key) AS thumbnail_key,
                m.width, m.height, m.blurhash, pm.alt
         FROM post_media pm LEFT JOIN media m ON m.key = pm.media_key
         WHERE pm.post_id IN ({ids})
         ORDER BY pm.post_id, pm.position",
        &[],
        posts,
    )
    .await
}

/// The bodies of `posts` (a page's that the fragment cache lacks), with their revisions: one
/// read of the primary key per post (`fetch_for_ids`). A post deleted since its card was read is not among them.
pub async fn bodies_of(db: &Db, posts: &[i64]) -> Result<Vec<PostBodyRow>, sqlx::Error> {
    fetch_for_ids(
        db,
        concat!(
            "SELECT p.id, p.revision, ",
            post_body_list!(),
            " FROM posts p",
            media_join!(),
            " WHERE p.id IN ({ids})"
        ),
        &[],
        posts,
    )
    .await
}

/// Rows of `post_tags` per statement (two placeholders each, far under either backend's cap).
const ROWS_PER_INSERT: usize = 200;

/// Writes `post`'s tag rows on `conn` (the post's own transaction; also the tags' backfill,
/// social/store/tags.rs); a tag it has already is skipped, so the counts (migration 0018's triggers) move
/// once per (tag, post).
pub async fn write_tags(
    conn: &mut AnyConnection,
    post: i64,
    tags: &[String],
) -> Result<(), sqlx::Error> {
    for chunk in tags.chunks(ROWS_PER_INSERT) {
        let values: Vec<String> = (0..chunk.len())
            .map(|i| format!("(${}, $1)", i + 2))
            .collect();
        let sql = format!(
            "INSERT INTO post_tags (tag, post_id) VALUES {} ON CONFLICT (tag, post_id) DO NOTHING",
            values.join(", ")
        );
        let mut query = sqlx::query(AssertSqlSafe(sql)).bind(post);
        for tag in chunk {
            query = query.bind(tag.as_str());
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

/// One post as `viewer` sees it.
pub async fn find(db: &Db, viewer: i64, post_id: i64) -> Result<Option<PostView>, sqlx::Error> {
    sqlx::query_as(post_view_select!(db, "p.id", " WHERE p.id = $2"))
        .bind(viewer)
        .bind(post_id)
        .fetch_optional(&db.pool)
        .await
}

/// Everyone's posts but those of accounts the viewer muted, newest first (the home gallery).
pub async fn feed(db: &Db, viewer: i64, page: Page) -> Result<Vec<PostCard>, sqlx::Error> {
    fetch_list!(
        db,
        PostCard,
        post_card_select!(
            db,
            "p.id",
            " WHERE p.id < $2 AND ",
            not_muted!("$1", "p.user_id"),
            " ORDER BY p.id DESC LIMIT $3"
        ),
        viewer,
        page.before,
        page.fetch_limit()
    )
}

/// The newest post's time (trending's window), read natively on SQLite by `fetch_list!`.
#[derive(sqlx::FromRow)]
struct Newest {
    newest: Option<i64>,
}

crate::native_row!(Newest { newest });

/// Posts of the last 30 days before `now`, hottest first (explore's trending grid). When nobody
/// posted in those 30 days the window is dropped, so the grid shows the best of the newest posts
/// (the hot score weighs freshness) instead of nothing. The cursor is the last post's id; the
/// next page continues below that post's (current) score.
pub async fn trending(
    db: &Db,
    viewer: i64,
    page: Page,
    now: i64,
) -> Result<Vec<PostCard>, sqlx::Error> {
    let window = now - TRENDING_WINDOW_MS;
    // One read of `posts_created_at_idx`; an empty window would otherwise walk the whole
    // hot-score index looking for a match.
    const NEWEST: &str = "SELECT MAX(created_at) AS newest FROM posts";
    let rows: Vec<Newest> = fetch_list!(db, Newest, NEWEST,)?;
    let newest = rows.first().and_then(|row| row.newest);
    let since = if newest.is_some_and(|newest| newest >= window) {
        window
    } else {
        i64::MIN
    };
    if page.before == i64::MAX {
        return fetch_list!(
            db,
            PostCard,
            post_card_select!(
                db,
                "p.id",
                " WHERE p.created_at >= $2 ORDER BY p.hot_score DESC, p.id DESC LIMIT $3"
            ),
            viewer,
            since,
            page.fetch_limit()
        );
    }
    fetch_list!(
        db,
        PostCard,
        post_card_select!(
            db,
            "p.id",
            " JOIN posts c ON c.id = $4
             WHERE p.created_at >= $2
               AND (p.hot_score < c.hot_score OR (p.hot_score = c.hot_score AND p.id < c.id))
             ORDER BY p.hot_score DESC, p.id DESC LIMIT $3"
        ),
        viewer,
        since,
        page.fetch_limit(),
        page.before
    )
}

/// One author's posts, newest first (a profile's POSTS tab).
pub async fn by_user(
    db: &Db,
    viewer: i64,
    author: i64,
    page: Page,
) -> Result<Vec<PostCard>, sqlx::Error> {
    fetch_list!(
        db,
        PostCard,
        post_card_select!(
            db,
            "p.id",
            " WHERE p.user_id = $2 AND p.id < $3 ORDER BY p.id DESC LIMIT $4"
        ),
        viewer,
        author,
        page.before,
        page.fetch_limit()
    )
}

/// The posts `viewer` saved, most recently saved first (the SAVED tab); the cursor is the
/// bookmark's id.
pub async fn bookmarked(db: &Db, viewer: i64, page: Page) -> Result<Vec<PostCard>, sqlx::Error> {
    fetch_list!(
        db,
        PostCard,
        post_card_select!(
            db,
            "s.id",
            " JOIN bookmarks s ON s.post_id = p.id
             WHERE s.user_id = $1 AND s.id < $2 ORDER BY s.id DESC LIMIT $3"
        ),
        viewer,
        page.before,
        page.fetch_limit()
    )
}

/// Whether `user` likes / has saved `post`: `None` when the post does not exist or does not
/// show to them (`may_see!` and `shown!`, as by id).
pub async fn state_of(
    db: &Db,
    user: i64,
    post_id: i64,
) -> Result<Option<(bool, bool)>, sqlx::Error> {
    let row: Option<(i64, i64)> = sqlx::query_as(concat!(
        "SELECT
           CAST(CASE WHEN EXISTS (SELECT 1 FROM post_likes WHERE user_id = $1 AND post_id = p.id)
                THEN 1 ELSE 0 END AS BIGINT),
           CAST(CASE WHEN EXISTS (SELECT 1 FROM bookmarks WHERE user_id = $1 AND post_id = p.id)
                THEN 1 ELSE 0 END AS BIGINT)
         FROM posts p WHERE p.id = $2 AND ",
        may_see!("$1", "p.user_id"),
        " AND ",
        shown!("$1", "p.removed_at")
    ))
    .bind(user)
    .bind(post_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(liked, saved)| (liked != 0, saved != 0)))
}

/// Likes the post if `user` does not like it yet, unlikes it otherwise. `None` when the post
/// does not exist (or its author and `user` are blocked either way, and there is no like to take
/// back).
pub async fn toggle_like(
    db: &Db,
    user: i64,
    post_id: i64,
    now: i64,
) -> Result<Option<Toggled>, sqlx::Error> {
    marks::toggle(db, &marks::POST_LIKE, user, post_id, now).await
}

/// Saves the post if `user` has not saved it yet, unsaves it otherwise. `None` when the post
/// does not exist.
pub async fn toggle_bookmark(
    db: &Db,
    user: i64,
    post_id: i64,
) -> Result<Option<Toggled>, sqlx::Error> {
    marks::toggle(db, &marks::POST_SAVE, user, post_id, now_ms()).await
}
