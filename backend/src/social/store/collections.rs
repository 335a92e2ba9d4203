//! Named collections of saved posts (issue 44, migration 0051), private to their owner: every
//! read and write is keyed by the owner's id as well as the collection's. A post in a
//! collection is one of the owner's saves: adding it saves it (counted as a save is), and
//! unsaving it takes it out of every collection (the cascade from `bookmarks`).

use sqlx::AnyConnection;

use super::owned::Owned;
use super::posts::PostCard;
use crate::fetch_list;
use crate::kernel::page::Page;
use crate::platform::db::visibility::{may_see, shown};
use crate::platform::db::{Backend, Db, violates_unique};

/// The unique index on an owner's names (folded to lower case).
const NAME_INDEX: &str = "collections_user_name_key";

/// Whether `err` is another collection of the owner's having that name.
fn taken(err: &sqlx::Error) -> bool {
    violates_unique(err, NAME_INDEX, "collections.name_key")
}

/// A collection as its owner sees it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CollectionRow {
    pub id: i64,
    pub name: String,
    /// Its posts the owner may still see.
    pub posts_count: i64,
    /// The post most recently added of those, whose first image is the collection's cover.
    pub cover_post_id: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

/// Why a change did not happen.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// No such collection of the owner's.
    NoCollection,
    /// No such post, or one the owner may not see.
    NoPost,
    /// The owner has another collection of that name.
    NameTaken,
    /// The owner has `COLLECTIONS_MAX` already.
    TooMany,
}

/// The columns of a `CollectionRow` of `c` for the viewer `$1`.
macro_rules! collection_columns {
    () => {
        concat!(
            "SELECT c.id, c.name,
               (SELECT CAST(COUNT(*) AS BIGINT) FROM collection_posts cp ",
            visible_post!(),
            " WHERE cp.collection_id = c.id) AS posts_count,
               (SELECT cp.post_id FROM collection_posts cp ",
            visible_post!(),
            " WHERE cp.collection_id = c.id ORDER BY cp.id DESC LIMIT 1) AS cover_post_id,
               c.created_at, c.updated_at
             FROM collections c"
        )
    };
}

/// Joins `cp`'s post when the viewer `$1` may see it (as a post list shows it).
macro_rules! visible_post {
    () => {
        concat!(
            "JOIN posts p ON p.id = cp.post_id AND ",
            shown!("$1", "p.removed_at"),
            " JOIN users u ON u.id = p.user_id AND u.deactivated_at IS NULL AND ",
            may_see!("$1", "u.id")
        )
    };
}

/// A page of `owner`'s collections, newest first.
pub async fn page(db: &Db, owner: i64, page: Page) -> Result<Vec<CollectionRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        collection_columns!(),
        " WHERE c.user_id = $1 AND c.id < $2 ORDER BY c.id DESC LIMIT $3"
    ))
    .bind(owner)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

/// `owner`'s collection `id`, or `None` (someone else's is not there for them).
pub async fn find(db: &Db, owner: i64, id: i64) -> Result<Option<CollectionRow>, sqlx::Error> {
    sqlx::query_as(concat!(
        collection_columns!(),
        " WHERE c.user_id = $1 AND c.id = $2"
    ))
    .bind(owner)
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// Collections are their owner's alone (`owns`, `delete`); what they list is read below.
const COLLECTIONS: Owned = Owned {
    table: "collections",
    columns: "id, name",
};

/// Whether collection `id` is `owner`'s.
pub async fn is_owners(db: &Db, owner: i64, id: i64) -> Result<bool, sqlx::Error> {
    COLLECTIONS.owns(&db.pool, owner, id).await
}

/// A new collection of `owner`'s named `name` (`key` folded), holding `post` when one is
/// given (saving it): its id.
pub async fn insert(
    db: &Db,
    owner: i64,
    name: &str,
    key: &str,
    post: Option<i64>,
    max: i64,
    now: i64,
) -> Result<Result<i64, Refused>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    // The owner's row is the lock that keeps the count under `max` when two instances create
    // at once (SQLite's writer is single already).
    if db.backend == Backend::Postgres {
        sqlx::query("SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE")
            .bind(owner)
            .execute(&mut *tx)
            .await?;
    }
    let (count,): (i64,) =
        sqlx::query_as("SELECT CAST(COUNT(*) AS BIGINT) FROM collections WHERE user_id = $1")
            .bind(owner)
            .fetch_one(&mut *tx)
            .await?;
    if count >= max {
        return Ok(Err(Refused::TooMany));
    }
    let inserted: Result<(i64,), sqlx::Error> = sqlx::query_as(
        "INSERT INTO collections (user_id, name, name_key, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $4) RETURNING id",
    )
    .bind(owner)
    .bind(name)
    .bind(key)
    .bind(now)
    .fetch_one(&mut *tx)
    .await;
    let id = match inserted {
        Ok((id,)) => id,
        Err(err) if taken(&err) => return Ok(Err(Refused::NameTaken)),
        Err(err) => return Err(err),
    };
    if let Some(post) = post
        && !put(&mut tx, owner, id, post, now).await?
    {
        return Ok(Err(Refused::NoPost));
    }
    tx.commit().await?;
    Ok(Ok(id))
}

/// Renames `owner`'s collection `id`.
pub async fn rename(
    db: &Db,
    owner: i64,
    id: i64,
    name: &str,
    key: &str,
    now: i64,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let renamed = sqlx::query(
        "UPDATE collections SET name = $1, name_key = $2, updated_at = $3
         WHERE id = $4 AND user_id = $5",
    )
    .bind(name)
    .bind(key)
    .bind(now)
    .bind(id)
    .bind(owner)
    .execute(&db.pool)
    .await;
    match renamed {
        Ok(done) if done.rows_affected() == 1 => Ok(Ok(())),
        Ok(_) => Ok(Err(Refused::NoCollection)),
        Err(err) if taken(&err) => Ok(Err(Refused::NameTaken)),
        Err(err) => Err(err),
    }
}

/// Deletes `owner`'s collection `id`; its posts stay saved. Whether there was one.
pub async fn delete(db: &Db, owner: i64, id: i64) -> Result<bool, sqlx::Error> {
    COLLECTIONS.delete(db, owner, id).await
}

/// Puts `post` in `owner`'s collection `id`, saving it if it was not saved; a post already in
/// it stays as it was.
pub async fn add(
    db: &Db,
    owner: i64,
    id: i64,
    post: i64,
    now: i64,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    if !COLLECTIONS.owns(&mut *tx, owner, id).await? {
        return Ok(Err(Refused::NoCollection));
    }
    if !put(&mut tx, owner, id, post, now).await? {
        return Ok(Err(Refused::NoPost));
    }
    tx.commit().await?;
    Ok(Ok(()))
}

/// Saves `post` for `owner` unless saved (moving its count as a save does) and puts it in
/// collection `id`; false, changing nothing, when the owner may not see the post.
async fn put(
    conn: &mut AnyConnection,
    owner: i64,
    id: i64,
    post: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let visible: Option<(i64,)> = sqlx::query_as(concat!(
        "SELECT p.id FROM posts p JOIN users u ON u.id = p.user_id AND u.deactivated_at IS NULL
         WHERE p.id = $2 AND ",
        may_see!("$1", "p.user_id"),
        " AND ",
        shown!("$1", "p.removed_at")
    ))
    .bind(owner)
    .bind(post)
    .fetch_optional(&mut *conn)
    .await?;
    if visible.is_none() {
        return Ok(false);
    }
    super::marks::save_if_unsaved(&mut *conn, owner, post, now).await?;
    let added = sqlx::query(
        "INSERT INTO collection_posts (collection_id, bookmark_id, post_id, created_at)
         SELECT $1, b.id, b.post_id, $2 FROM bookmarks b WHERE b.user_id = $3 AND b.post_id = $4
         ON CONFLICT (collection_id, post_id) DO NOTHING",
    )
    .bind(id)
    .bind(now)
    .bind(owner)
    .bind(post)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    if added == 1 {
        sqlx::query("UPDATE collections SET updated_at = $1 WHERE id = $2")
            .bind(now)
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(true)
}

/// Takes `post` out of `owner`'s collection `id` (it stays saved).
pub async fn remove(
    db: &Db,
    owner: i64,
    id: i64,
    post: i64,
) -> Result<Result<(), Refused>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    if !COLLECTIONS.owns(&mut *tx, owner, id).await? {
        return Ok(Err(Refused::NoCollection));
    }
    let removed =
        sqlx::query("DELETE FROM collection_posts WHERE collection_id = $1 AND post_id = $2")
            .bind(id)
            .bind(post)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if removed == 0 {
        return Ok(Err(Refused::NoPost));
    }
    tx.commit().await?;
    Ok(Ok(()))
}

/// A page of the posts in collection `id` (already known to be `owner`'s) that the owner may
/// see, most recently added first; the cursor is the item's id.
pub async fn posts(db: &Db, owner: i64, id: i64, page: Page) -> Result<Vec<PostCard>, sqlx::Error> {
    fetch_list!(
        db,
        PostCard,
        super::posts::post_card_select!(
            db,
            "cp.id",
            " JOIN collection_posts cp ON cp.post_id = p.id
             WHERE cp.collection_id = $2 AND cp.id < $3 ORDER BY cp.id DESC LIMIT $4"
        ),
        owner,
        id,
        page.before,
        page.fetch_limit()
    )
}

/// The ids of `owner`'s collections that hold `post`, newest first (at most `COLLECTIONS_MAX`).
pub async fn holding(db: &Db, owner: i64, post: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT cp.collection_id FROM collection_posts cp
         JOIN bookmarks b ON b.id = cp.bookmark_id
         WHERE b.user_id = $1 AND b.post_id = $2 ORDER BY cp.collection_id DESC",
    )
    .bind(owner)
    .bind(post)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}
