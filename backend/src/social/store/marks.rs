//! Marks a person sets on an item, with the item's counter of them: a like on a post, a reel or
//! a comment, a save on a post. One toggle serves them all: it sets the mark when it is not
//! set and clears it when it is, and moves the counter in the same short write transaction, so
//! concurrent toggles by different people all count and a counter never drifts; a like tells
//! the item's author in that transaction too (issue 21).

use crate::notifications::rules::notification::{
    NotificationKind, NotificationTargetType, preview,
};
use crate::notifications::{self, Act, Notice};
use crate::platform::db::Db;
use crate::platform::db::visibility::{may_see, shown};

/// The hot score of a post with `likes`, `saves` and `created` (epoch ms) as one SQL
/// expression over column names or placeholders (SQLite with its math functions, PostgreSQL).
#[macro_export]
macro_rules! hot_score {
    ($likes:literal, $saves:literal, $created:literal) => {
        concat!(
            "(LOG10(CAST(CASE WHEN ",
            $likes,
            " + 2 * (",
            $saves,
            ") > 1 THEN ",
            $likes,
            " + 2 * (",
            $saves,
            ") ELSE 1 END AS DOUBLE PRECISION)) + CAST(",
            $created,
            " AS DOUBLE PRECISION) / 45000000)"
        )
    };
}

/// A per-person mark on an item and the item's counter of it.
pub struct Mark {
    /// Sets it (`$1` the person, `$2` the item, `$3` now); sets nothing when the item does not
    /// exist, or the person may not see it.
    insert: &'static str,
    /// Clears it (`$1` the person, `$2` the item).
    delete: &'static str,
    /// Whether it is set (`$1` the person, `$2` the item).
    exists: &'static str,
    /// Moves the counter by `$1` on item `$2`; answers the count, the item's author, its post
    /// and reel (a comment's), and its text (a comment's, quoted by the notification).
    count: &'static str,
    /// What a like on it is, for the notification; `None` for a mark nobody is told of.
    notifies: Option<NotificationTargetType>,
}

/// A like on a post: it tells the post's author, and ranks the post (`hot_score!`).
pub const POST_LIKE: Mark = Mark {
    insert: concat!(
        "INSERT INTO post_likes (user_id, post_id, created_at)
         SELECT $1, id, $3 FROM posts WHERE id = $2 AND ",
        may_see!("$1", "posts.user_id"),
        " AND ",
        shown!("$1", "posts.removed_at"),
        " ON CONFLICT (user_id, post_id) DO NOTHING"
    ),
    delete: "DELETE FROM post_likes WHERE user_id = $1 AND post_id = $2",
    exists: "SELECT 1 FROM post_likes WHERE user_id = $1 AND post_id = $2",
    count: concat!(
        "UPDATE posts SET likes_count = likes_count + $1, hot_score = ",
        hot_score!("likes_count + $1", "bookmarks_count", "created_at"),
        " WHERE id = $2 RETURNING likes_count, user_id, id, CAST(NULL AS BIGINT), CAST(NULL AS TEXT)"
    ),
    notifies: Some(NotificationTargetType::Post),
};

/// A save of a post: nobody is told, and it ranks the post too.
pub const POST_SAVE: Mark = Mark {
    insert: concat!(
        "INSERT INTO bookmarks (user_id, post_id, created_at)
         SELECT $1, id, $3 FROM posts WHERE id = $2 AND ",
        may_see!("$1", "posts.user_id"),
        " AND ",
        shown!("$1", "posts.removed_at"),
        " ON CONFLICT (user_id, post_id) DO NOTHING"
    ),
    delete: "DELETE FROM bookmarks WHERE user_id = $1 AND post_id = $2",
    exists: "SELECT 1 FROM bookmarks WHERE user_id = $1 AND post_id = $2",
    count: concat!(
        "UPDATE posts SET bookmarks_count = bookmarks_count + $1, hot_score = ",
        hot_score!("likes_count", "bookmarks_count + $1", "created_at"),
        " WHERE id = $2 RETURNING bookmarks_count, user_id, id, CAST(NULL AS BIGINT), CAST(NULL AS TEXT)"
    ),
    notifies: None,
};

/// A like on a reel.
pub const REEL_LIKE: Mark = Mark {
    insert: concat!(
        "INSERT INTO reel_likes (user_id, reel_id, created_at)
         SELECT $1, id, $3 FROM reels WHERE id = $2 AND ",
        may_see!("$1", "reels.user_id"),
        " AND ",
        shown!("$1", "reels.removed_at"),
        " ON CONFLICT (user_id, reel_id) DO NOTHING"
    ),
    delete: "DELETE FROM reel_likes WHERE user_id = $1 AND reel_id = $2",
    exists: "SELECT 1 FROM reel_likes WHERE user_id = $1 AND reel_id = $2",
    count: "UPDATE reels SET likes_count = likes_count + $1 WHERE id = $2
            RETURNING likes_count, user_id, CAST(NULL AS BIGINT), id, CAST(NULL AS TEXT)",
    notifies: Some(NotificationTargetType::Reel),
};

/// A like on a comment (who may see the comment is asked before: `comments::comment_visible`).
pub const COMMENT_LIKE: Mark = Mark {
    insert: "INSERT INTO comment_likes (user_id, comment_id, created_at)
             SELECT $1, id, $3 FROM comments WHERE id = $2
             ON CONFLICT (user_id, comment_id) DO NOTHING",
    delete: "DELETE FROM comment_likes WHERE user_id = $1 AND comment_id = $2",
    exists: "SELECT 1 FROM comment_likes WHERE user_id = $1 AND comment_id = $2",
    count: "UPDATE comments SET likes_count = likes_count + $1 WHERE id = $2
            RETURNING likes_count, user_id, post_id, reel_id, content",
    notifies: Some(NotificationTargetType::Comment),
};

impl Mark {
    /// Whether this is `other` (the same table's mark).
    pub fn is(&self, other: &Mark) -> bool {
        self.insert == other.insert
    }
}

/// A mark after a toggle: whether it is set now, the item's count of it, and the notification
/// the toggle made, grew or took back (a like's).
pub struct Toggled {
    pub is_set: bool,
    pub count: i64,
    pub notice: Option<Notice>,
}

type Counted = (i64, i64, Option<i64>, Option<i64>, Option<String>);

/// Sets `mark` on `item` for `user` if it is not set, clears it otherwise. `None` when the item
/// does not exist (or may not be seen, and there is no mark to take back).
///
/// The counter moves before the mark is written: its row lock makes a concurrent delete of the
/// item wait for this transaction, or the item is gone already and nothing is toggled (a mark
/// written first would meet a deleted item's foreign key on PostgreSQL).
pub async fn toggle(
    db: &Db,
    mark: &Mark,
    user: i64,
    item: i64,
    now: i64,
) -> Result<Option<Toggled>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let cleared = sqlx::query(mark.delete)
        .bind(user)
        .bind(item)
        .execute(&mut *tx)
        .await?
        .rows_affected()
        == 1;
    let counted: Option<Counted> = sqlx::query_as(mark.count)
        .bind(if cleared { -1_i64 } else { 1 })
        .bind(item)
        .fetch_optional(&mut *tx)
        .await?;
    let Some((mut count, author, post_id, reel_id, text)) = counted else {
        return Ok(None); // no such item; the transaction rolls back on drop
    };
    // Whether the mark appeared or went (a notification follows it), or stayed as it was.
    let mut moved = true;
    if !cleared {
        let inserted = sqlx::query(mark.insert)
            .bind(user)
            .bind(item)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
        if !inserted {
            // Not set: the person may not see the item (nothing to toggle), or their own
            // concurrent toggle set it first (PostgreSQL), and it stays set, counted once.
            let set: Option<(i64,)> = sqlx::query_as(mark.exists)
                .bind(user)
                .bind(item)
                .fetch_optional(&mut *tx)
                .await?;
            if set.is_none() {
                return Ok(None);
            }
            (count, ..) = sqlx::query_as::<_, Counted>(mark.count)
                .bind(-1_i64)
                .bind(item)
                .fetch_one(&mut *tx)
                .await?;
            moved = false;
        }
    }
    let notice = match mark.notifies {
        Some(target) if moved => {
            let quote = text.as_deref().map(preview);
            let mut act = Act::new(author, user, NotificationKind::Like, target, item);
            (act.post_id, act.reel_id) = (post_id, reel_id);
            if target == NotificationTargetType::Comment {
                act.comment_id = Some(item);
            }
            act.preview = quote.as_deref();
            notifications::toggled(&mut tx, !cleared, &act, now).await?
        }
        _ => None,
    };
    tx.commit().await?;
    Ok(Some(Toggled {
        is_set: !cleared,
        count,
        notice,
    }))
}

/// Saves `post` for `user` unless it is saved, moving its count as a save does (adding it to a
/// collection, issue 44); nothing when they may not see it. Whether it was saved now.
pub async fn save_if_unsaved(
    conn: &mut sqlx::AnyConnection,
    user: i64,
    post: i64,
    now: i64,
) -> Result<bool, sqlx::Error> {
    // The counter's row lock first, as `toggle` takes it (a concurrent delete of the post waits).
    sqlx::query_as::<_, Counted>(POST_SAVE.count)
        .bind(0_i64)
        .bind(post)
        .fetch_optional(&mut *conn)
        .await?;
    let saved = sqlx::query(POST_SAVE.insert)
        .bind(user)
        .bind(post)
        .bind(now)
        .execute(&mut *conn)
        .await?
        .rows_affected()
        == 1;
    if saved {
        sqlx::query_as::<_, Counted>(POST_SAVE.count)
            .bind(1_i64)
            .bind(post)
            .fetch_optional(&mut *conn)
            .await?;
    }
    Ok(saved)
}
