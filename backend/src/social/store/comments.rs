//! Comments on posts and reels, their replies and likes (issue 19). A page of comments is one
//! query after the item's visibility check: the author and the viewer's like are joined in, and
//! the page walks `comments_post_top_idx` / `comments_reel_top_idx` (top-level) or
//! `comments_parent_id_idx` (replies) backwards by id.
//!
//! Counters (`comments_count` of the post or reel, `replies_count` of a top-level comment,
//! `likes_count`) move in the transaction that changes what they count. On PostgreSQL the
//! statements of every write take their row locks in one order — the comment(s) before the
//! post or reel, a thread's top-level comment before its reply — so two writers never wait on
//! each other in a circle: a reply locks its top-level comment (the `replies_count` UPDATE)
//! before inserting, and a like locks its comment (the `likes_count` UPDATE) before inserting
//! the like, so a concurrent delete of that comment either waits for them (and its cascade
//! takes their rows too) or goes first (and they find no comment: 404). On SQLite every write
//! transaction is `IMMEDIATE`, one at a time.

use crate::notifications;
use sqlx::FromRow;

use super::marks::{self, Toggled};
use super::mentions::{self, MentionIn};
use crate::fetch_list;
use crate::identity::rules::account::Username;
use crate::kernel::page::Page;
use crate::notifications::rules::notification::{
    NotificationKind, NotificationTargetType, preview,
};
use crate::notifications::{Act, Notice};
use crate::platform::db::Db;
use crate::platform::db::native::IdRow;
use crate::platform::db::visibility::{may_see, not_blocked, shown};

/// What a comment is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Item {
    Post(i64),
    Reel(i64),
}

/// A comment as the API shows it to one viewer.
#[derive(Debug, Clone, FromRow)]
pub struct CommentView {
    pub id: i64,
    pub post_id: Option<i64>,
    pub reel_id: Option<i64>,
    pub parent_id: Option<i64>,
    pub user_id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image: Option<String>,
    pub content: String,
    pub likes_count: i64,
    pub replies_count: i64,
    pub is_liked: i64,
    pub created_at: i64,
}

crate::native_row!(CommentView {
    id,
    post_id,
    reel_id,
    parent_id,
    user_id,
    username,
    display_name,
    profile_image,
    content,
    likes_count,
    replies_count,
    is_liked,
    created_at,
});

/// `CommentView`'s columns; `$1` is the viewer. Comments of deactivated accounts, and of
/// accounts blocked either way, drop out (the join), as their posts do, and come back with the
/// account or when the block ends; so do comments removed by moderation (but for admins).
macro_rules! comment_view {
    () => {
        concat!(
            "SELECT c.id, c.post_id, c.reel_id, c.parent_id, c.user_id, u.username, u.display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
                c.content, c.likes_count, c.replies_count,
                CAST(CASE WHEN EXISTS (SELECT 1 FROM comment_likes l
                                       WHERE l.user_id = $1 AND l.comment_id = c.id)
                     THEN 1 ELSE 0 END AS BIGINT) AS is_liked,
                c.created_at
         FROM comments c
         JOIN users u ON u.id = c.user_id AND u.deactivated_at IS NULL AND ",
            not_blocked!("$1", "u.id"),
            " AND ",
            shown!("$1", "c.removed_at")
        )
    };
}

/// `<table> i …`: the post or reel `i` (`$1`) with its author `u`, as `$viewer` may see it: not
/// removed, and its author active and in view (what the feed and the pager show).
macro_rules! item_seen_by {
    ($table:literal, $viewer:literal) => {
        concat!(
            $table,
            " i JOIN users u ON u.id = i.user_id AND u.deactivated_at IS NULL
             WHERE i.id = $1 AND ",
            may_see!($viewer, "u.id"),
            " AND ",
            shown!($viewer, "i.removed_at")
        )
    };
}

/// The joins and conditions after `FROM <table> <row>` that find the row `$1` left on a post or
/// reel (a comment, a voice reaction) by an active person `viewer` (`$2`) is not blocked with, on
/// an item `$2` may see and that was not removed (admins see removed things). The caller adds the
/// row's own removal check. Its author is `u`, the item's author `a`, the item `p` or `r`.
macro_rules! on_seen_item {
    ($row:literal) => {
        concat!(
            " JOIN users u ON u.id = ",
            $row,
            ".user_id AND u.deactivated_at IS NULL
             LEFT JOIN posts p ON p.id = ",
            $row,
            ".post_id
             LEFT JOIN reels r ON r.id = ",
            $row,
            ".reel_id
             JOIN users a ON a.id = COALESCE(p.user_id, r.user_id) AND a.deactivated_at IS NULL
             WHERE ",
            $row,
            ".id = $1 AND ",
            $crate::platform::db::visibility::not_blocked!("$2", "u.id"),
            " AND ",
            $crate::platform::db::visibility::may_see!("$2", "a.id"),
            " AND ",
            $crate::platform::db::visibility::shown!("$2", "COALESCE(p.removed_at, r.removed_at)")
        )
    };
}
pub(crate) use on_seen_item;

/// Whether `viewer` sees the post or reel: it exists, was not removed, and its author is active
/// and may be seen (what the feed and the pager show).
pub async fn item_visible(db: &Db, viewer: i64, item: Item) -> Result<bool, sqlx::Error> {
    let (sql, id) = match item {
        Item::Post(id) => (
            concat!("SELECT i.id FROM ", item_seen_by!("posts", "$2")),
            id,
        ),
        Item::Reel(id) => (
            concat!("SELECT i.id FROM ", item_seen_by!("reels", "$2")),
            id,
        ),
    };
    // Read natively on SQLite (issue 45: every read of a post's comments asks it first).
    let found = fetch_list!(db, IdRow, sql, id, viewer)?;
    Ok(!found.is_empty())
}

/// Whether `viewer` may send the post or reel into a chat: `None` when they do not see it
/// (`item_visible`), else whether it is theirs or its author allows sharing ('3D Content
/// Sharing', issue 43).
pub async fn item_sharing(db: &Db, viewer: i64, item: Item) -> Result<Option<bool>, sqlx::Error> {
    macro_rules! sharing {
        ($table:literal) => {
            concat!(
                "SELECT CAST(CASE WHEN i.user_id = $2 OR NOT EXISTS (
                        SELECT 1 FROM user_settings ss
                        WHERE ss.user_id = i.user_id AND ss.share_3d_content = 0)
                   THEN 1 ELSE 0 END AS BIGINT) FROM ",
                item_seen_by!($table, "$2")
            )
        };
    }
    let (sql, id) = match item {
        Item::Post(id) => (sharing!("posts"), id),
        Item::Reel(id) => (sharing!("reels"), id),
    };
    let found: Option<(i64,)> = sqlx::query_as(sql)
        .bind(id)
        .bind(viewer)
        .fetch_optional(&db.pool)
        .await?;
    Ok(found.map(|(allows,)| allows != 0))
}

/// The members of `conversation` who see the post or reel (as `item_visible` decides for one),
/// in one query: who gets a shared card with the item.
pub async fn members_seeing(
    db: &Db,
    conversation: i64,
    item: Item,
) -> Result<Vec<i64>, sqlx::Error> {
    macro_rules! members_seeing {
        ($table:literal) => {
            concat!(
                "SELECT cm.user_id FROM conversation_members cm CROSS JOIN ",
                item_seen_by!($table, "cm.user_id"),
                " AND cm.conversation_id = $2"
            )
        };
    }
    let (sql, id) = match item {
        Item::Post(id) => (members_seeing!("posts"), id),
        Item::Reel(id) => (members_seeing!("reels"), id),
    };
    let rows: Vec<(i64,)> = sqlx::query_as(sql)
        .bind(id)
        .bind(conversation)
        .fetch_all(&db.pool)
        .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Whether `viewer` sees the comment: its author and its item's author are active, neither is
/// blocked either way with the viewer, and neither the comment nor its item was removed.
pub async fn comment_visible(db: &Db, viewer: i64, comment: i64) -> Result<bool, sqlx::Error> {
    let found = fetch_list!(
        db,
        IdRow,
        concat!(
            "SELECT c.id FROM comments c",
            on_seen_item!("c"),
            " AND ",
            shown!("$2", "c.removed_at")
        ),
        comment,
        viewer
    )?;
    Ok(!found.is_empty())
}

/// A page of the item's top-level comments, newest first (the caller shows them oldest
/// first); `None` when the item does not show.
pub async fn top_level(
    db: &Db,
    viewer: i64,
    item: Item,
    page: Page,
) -> Result<Option<Vec<CommentView>>, sqlx::Error> {
    if !item_visible(db, viewer, item).await? {
        return Ok(None);
    }
    // One query per item kind: each keeps its own partial index (`c.post_id` or `c.reel_id`).
    macro_rules! top_level_page {
        ($column:literal) => {
            concat!(
                comment_view!(),
                " WHERE c.",
                $column,
                " = $2 AND c.parent_id IS NULL AND c.id < $3 ORDER BY c.id DESC LIMIT $4"
            )
        };
    }
    let (sql, id) = match item {
        Item::Post(id) => (top_level_page!("post_id"), id),
        Item::Reel(id) => (top_level_page!("reel_id"), id),
    };
    let rows = fetch_list!(
        db,
        CommentView,
        sql,
        viewer,
        id,
        page.before,
        page.fetch_limit()
    )?;
    Ok(Some(rows))
}

/// A page of a comment's replies, newest first (the caller shows them oldest first); `None`
/// when the comment does not show. A reply has no replies (they are stored under its
/// top-level comment): its page is empty.
pub async fn replies(
    db: &Db,
    viewer: i64,
    comment: i64,
    page: Page,
) -> Result<Option<Vec<CommentView>>, sqlx::Error> {
    if !comment_visible(db, viewer, comment).await? {
        return Ok(None);
    }
    let rows = fetch_list!(
        db,
        CommentView,
        concat!(
            comment_view!(),
            " WHERE c.parent_id = $2 AND c.id < $3 ORDER BY c.id DESC LIMIT $4"
        ),
        viewer,
        comment,
        page.before,
        page.fetch_limit()
    )?;
    Ok(Some(rows))
}

pub struct NewComment<'a> {
    pub item: Item,
    /// The comment answered: a top-level comment or a reply (then the new one is stored under
    /// that reply's top-level comment).
    pub parent_id: Option<i64>,
    pub user_id: i64,
    pub content: &'a str,
    /// The names the content mentions (rules::comment::mentioned_usernames).
    pub mentions: &'a [Username],
    pub created_at: i64,
}

/// A comment answered by a reply: its post, reel, top-level comment and author.
type ParentRow = (Option<i64>, Option<i64>, Option<i64>, i64);
/// Why a comment was not stored.
#[derive(Debug)]
pub enum InsertError {
    /// The post or reel does not show.
    ItemNotFound(Item),
    /// The parent comment does not exist (or was deleted meanwhile).
    ParentNotFound,
    /// The parent comment is on another post or reel (than this one).
    ParentElsewhere(Item),
    Db(sqlx::Error),
}

impl From<sqlx::Error> for InsertError {
    fn from(err: sqlx::Error) -> Self {
        Self::Db(err)
    }
}

/// Stores a comment or a reply with its mentions, moving the item's `comments_count` (and the
/// top-level comment's `replies_count`) in the same write transaction; answers it as its author
/// sees it, read in that transaction (a delete of its thread may follow the commit at once).
pub async fn insert(
    db: &Db,
    new: NewComment<'_>,
) -> Result<(CommentView, Vec<Notice>), InsertError> {
    if !item_visible(db, new.user_id, new.item).await? {
        return Err(InsertError::ItemNotFound(new.item));
    }
    let (post_id, reel_id) = match new.item {
        Item::Post(id) => (Some(id), None),
        Item::Reel(id) => (None, Some(id)),
    };
    let mut tx = db.begin_write().await?;
    // The author of the comment answered, when it is a reply.
    let mut answered: Option<i64> = None;
    let parent_id = match new.parent_id {
        None => None,
        Some(parent) => {
            // A comment of an account blocked either way, or removed, is not there to answer.
            let found: Option<ParentRow> = sqlx::query_as(concat!(
                "SELECT post_id, reel_id, parent_id, user_id FROM comments
                 WHERE id = $1 AND removed_at IS NULL AND ",
                not_blocked!("$2", "comments.user_id")
            ))
            .bind(parent)
            .bind(new.user_id)
            .fetch_optional(&mut *tx)
            .await?;
            let (parent_post, parent_reel, grandparent, parent_author) =
                found.ok_or(InsertError::ParentNotFound)?;
            answered = Some(parent_author);
            if (parent_post, parent_reel) != (post_id, reel_id) {
                return Err(InsertError::ParentElsewhere(new.item));
            }
            let top = grandparent.unwrap_or(parent);
            // Locks the thread's top-level comment first (see the module's note); no row when
            // it was deleted since the read.
            let counted: Option<(i64,)> = sqlx::query_as(
                "UPDATE comments SET replies_count = replies_count + 1
                 WHERE id = $1 AND parent_id IS NULL AND removed_at IS NULL RETURNING id",
            )
            .bind(top)
            .fetch_optional(&mut *tx)
            .await?;
            counted.ok_or(InsertError::ParentNotFound)?;
            Some(top)
        }
    };
    let (count_sql, item_id) = match new.item {
        Item::Post(id) => (
            "UPDATE posts SET comments_count = comments_count + 1 WHERE id = $1 RETURNING user_id",
            id,
        ),
        Item::Reel(id) => (
            "UPDATE reels SET comments_count = comments_count + 1 WHERE id = $1 RETURNING user_id",
            id,
        ),
    };
    let counted: Option<(i64,)> = sqlx::query_as(count_sql)
        .bind(item_id)
        .fetch_optional(&mut *tx)
        .await?;
    let (item_author,) = counted.ok_or(InsertError::ItemNotFound(new.item))?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO comments (post_id, reel_id, parent_id, user_id, content, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(post_id)
    .bind(reel_id)
    .bind(parent_id)
    .bind(new.user_id)
    .bind(new.content)
    .bind(new.created_at)
    .fetch_one(&mut *tx)
    .await?;
    let mentioned = mentions::insert(
        &mut tx,
        new.user_id,
        MentionIn::Comment(id),
        new.mentions,
        new.created_at,
    )
    .await?;
    // Who hears of it, each once: the answered comment's author (a reply), the post's or
    // reel's author (a comment), then those it mentions.
    let quote = preview(new.content);
    let mut told = vec![new.user_id];
    let mut notices = Vec::new();
    let kinds = answered
        .map(|author| (author, NotificationKind::Reply))
        .into_iter()
        .chain([(item_author, NotificationKind::Comment)])
        .chain(
            mentioned
                .into_iter()
                .map(|user| (user, NotificationKind::Mention)),
        );
    for (recipient, kind) in kinds {
        if told.contains(&recipient) {
            continue;
        }
        told.push(recipient);
        let mut act = Act::new(
            recipient,
            new.user_id,
            kind,
            NotificationTargetType::Comment,
            id,
        );
        (act.post_id, act.reel_id, act.comment_id) = (post_id, reel_id, Some(id));
        act.preview = Some(&quote);
        notices.extend(notifications::record(&mut tx, &act, new.created_at).await?);
    }
    let view: CommentView = sqlx::query_as(concat!(comment_view!(), " WHERE c.id = $2"))
        .bind(new.user_id)
        .bind(id)
        .fetch_one(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok((view, notices))
}

/// What became of a delete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deleted {
    /// Gone with its replies; `removed` comments in all.
    Done {
        removed: i64,
    },
    NotFound,
    /// The actor is neither its author, the item's author nor an admin.
    Forbidden,
}

/// Who wrote the comment, where it is, and who wrote the item.
#[derive(Debug, FromRow)]
struct Owners {
    user_id: i64,
    post_id: Option<i64>,
    reel_id: Option<i64>,
    parent_id: Option<i64>,
    item_author: i64,
    /// 1 when moderation removed it: its top-level comment's `replies_count` and its item's
    /// `comments_count` no longer count it (`remove`).
    removed: i64,
    /// 1 when it, or the top-level comment it answers, was removed: the item's count has left
    /// it out already.
    uncounted: i64,
}

/// Deletes a comment for `actor` when they wrote it or its post or reel, or are an admin. Its
/// replies, their likes and mentions go through the foreign keys' cascade; the item's
/// `comments_count` loses 1 + its replies and a reply's top-level comment loses one reply, in
/// the same write transaction (none of it for what moderation removed: counted out already).
pub async fn delete(
    db: &Db,
    comment: i64,
    actor: i64,
    actor_is_admin: bool,
) -> Result<Deleted, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let owners: Option<Owners> = sqlx::query_as(
        "SELECT c.user_id, c.post_id, c.reel_id, c.parent_id,
                COALESCE(p.user_id, r.user_id) AS item_author,
                CAST(CASE WHEN c.removed_at IS NULL THEN 0 ELSE 1 END AS BIGINT) AS removed,
                CAST(CASE WHEN c.removed_at IS NULL AND t.removed_at IS NULL THEN 0 ELSE 1 END
                     AS BIGINT) AS uncounted
         FROM comments c
         LEFT JOIN comments t ON t.id = c.parent_id
         LEFT JOIN posts p ON p.id = c.post_id
         LEFT JOIN reels r ON r.id = c.reel_id
         WHERE c.id = $1",
    )
    .bind(comment)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(owners) = owners else {
        return Ok(Deleted::NotFound);
    };
    if !(actor_is_admin || actor == owners.user_id || actor == owners.item_author) {
        return Ok(Deleted::Forbidden);
    }
    if let Some(top) = owners.parent_id {
        // The top-level comment first (the module's lock order); no row when it was deleted
        // meanwhile, and this reply with it.
        // A removed reply is counted out already (it still takes the lock).
        let counted =
            sqlx::query("UPDATE comments SET replies_count = replies_count - $2 WHERE id = $1")
                .bind(top)
                .bind(1 - owners.removed)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        if counted == 0 {
            return Ok(Deleted::NotFound);
        }
    }
    // `replies_count` is exact here: every reply moved it in its own transaction, under the
    // row lock this DELETE waits for.
    let gone: Option<(i64,)> =
        sqlx::query_as("DELETE FROM comments WHERE id = $1 RETURNING replies_count")
            .bind(comment)
            .fetch_optional(&mut *tx)
            .await?;
    let Some((replies,)) = gone else {
        return Ok(Deleted::NotFound);
    };
    let removed = 1 + replies;
    let sql = match (owners.post_id, owners.reel_id) {
        (Some(_), _) => "UPDATE posts SET comments_count = comments_count - $1 WHERE id = $2",
        _ => "UPDATE reels SET comments_count = comments_count - $1 WHERE id = $2",
    };
    sqlx::query(sql)
        .bind(if owners.uncounted == 1 { 0 } else { removed })
        .bind(owners.post_id.or(owners.reel_id))
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Deleted::Done { removed })
}

/// Likes the comment if `user` does not like it yet, unlikes it otherwise; `None` when there
/// is no such comment. One short write transaction with the counter; the comment's row is
/// locked (its counter moved) before a like row is inserted (see the module's note).
pub async fn toggle_like(
    db: &Db,
    user: i64,
    comment: i64,
    now: i64,
) -> Result<Option<Toggled>, sqlx::Error> {
    marks::toggle(db, &marks::COMMENT_LIKE, user, comment, now).await
}
