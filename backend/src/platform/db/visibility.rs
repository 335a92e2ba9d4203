//! What a viewer may see of an author, written once. Each macro expands to one SQL
//! condition for `concat!`, given the viewer's bind parameter (`"$1"`) and the author's id
//! column, qualified (`"p.user_id"`: a bare `id` would name the blocks' own id); every list and
//! by-id read of someone's content or profile uses them, so a rule changes here and everywhere.
//!
//! - `not_blocked!`: neither has blocked the other. Two point lookups, one in each direction
//!   (`blocks (blocker_id, blocked_id)` and `blocks_blocked_id_idx`).
//! - `may_see!`: not blocked either way, and the author is public, the viewer, or followed by
//!   the viewer (a private account's posts, reels and stories are its followers'). Content
//!   reads use it; profiles, comments and mentions use `not_blocked!` alone (a private
//!   account's header, and its comments on public posts, show).
//! - `not_muted!`: the viewer has not muted the author; feeds and the story strip only.
//! - `shown!`: the row was not removed by moderation (its `removed_at` column is NULL), or the
//!   viewer is an admin. Every read of a post, comment, reel, story or message uses it beside
//!   the author's rules; counts leave removed rows out by themselves (moderation/store/reports.rs).

use super::{Db, placeholders};

/// Neither `viewer` nor `author` has blocked the other. Most people block nobody and are
/// blocked by nobody: that is asked first, once per statement (an uncorrelated subquery, which
/// SQLite runs once and PostgreSQL as an InitPlan), and only when the viewer is in a block does
/// each row ask for its pair (issue 45: two index reads per row saved on every list).
macro_rules! not_blocked {
    ($viewer:literal, $author:literal) => {
        concat!(
            "((NOT EXISTS (SELECT 1 FROM blocks bv WHERE bv.blocker_id = ",
            $viewer,
            ") AND NOT EXISTS (SELECT 1 FROM blocks bv WHERE bv.blocked_id = ",
            $viewer,
            ")) OR (NOT EXISTS (SELECT 1 FROM blocks bl WHERE bl.blocker_id = ",
            $viewer,
            " AND bl.blocked_id = ",
            $author,
            ") AND NOT EXISTS (SELECT 1 FROM blocks bl WHERE bl.blocker_id = ",
            $author,
            " AND bl.blocked_id = ",
            $viewer,
            ")))"
        )
    };
}

/// `viewer` may see `author`'s posts, reels and stories: not blocked either way, and
/// `in_audience!`.
macro_rules! may_see {
    ($viewer:literal, $author:literal) => {
        concat!(
            $crate::platform::db::visibility::not_blocked!($viewer, $author),
            " AND ",
            $crate::platform::db::visibility::in_audience!($viewer, $author)
        )
    };
}

/// The author is the viewer, has not made the account private, or is followed by the viewer
/// (one primary key lookup each: `user_settings`, `follows`). Blocks aside: a report may name
/// the content of an account blocked either way (moderation/store/reports.rs).
///
/// With a third argument, the alias of the author's `user_settings` row already joined to the
/// statement (at most one row; SQLite's page of posts, `posts::post_from!`), the rule
/// reads its `private_account` instead of asking for the row again.
macro_rules! in_audience {
    ($viewer:literal, $author:literal, $settings:literal) => {
        concat!(
            "(",
            $author,
            " = ",
            $viewer,
            " OR ",
            $settings,
            ".private_account IS DISTINCT FROM 1 OR EXISTS (SELECT 1 FROM follows pf WHERE pf.follower_id = ",
            $viewer,
            " AND pf.followee_id = ",
            $author,
            "))"
        )
    };
    ($viewer:literal, $author:literal) => {
        concat!(
            "(",
            $author,
            " = ",
            $viewer,
            " OR NOT EXISTS (SELECT 1 FROM user_settings ps WHERE ps.user_id = ",
            $author,
            " AND ps.private_account = 1) OR EXISTS (SELECT 1 FROM follows pf WHERE pf.follower_id = ",
            $viewer,
            " AND pf.followee_id = ",
            $author,
            "))"
        )
    };
}

/// `removed` (a `removed_at` column, qualified) is NULL, or `viewer` is an admin: moderation's
/// removal hides a row from everyone else. The admin lookup (a primary key read) runs only for
/// a removed row.
macro_rules! shown {
    ($viewer:literal, $removed:literal) => {
        concat!(
            "(",
            $removed,
            " IS NULL OR EXISTS (SELECT 1 FROM users adm WHERE adm.id = ",
            $viewer,
            " AND adm.is_admin = 1))"
        )
    };
}

/// 1 when either of the two users blocked the other, else 0 (a BIGINT column: a conversation
/// of the two stays readable, and takes no message).
macro_rules! pair_blocked {
    ($a:literal, $b:literal) => {
        concat!(
            "CAST(CASE WHEN EXISTS (SELECT 1 FROM blocks bl WHERE (bl.blocker_id = ",
            $a,
            " AND bl.blocked_id = ",
            $b,
            ") OR (bl.blocker_id = ",
            $b,
            " AND bl.blocked_id = ",
            $a,
            ")) THEN 1 ELSE 0 END AS BIGINT)"
        )
    };
}

/// `viewer` has not muted `author`: whether the viewer muted anyone is asked once per
/// statement, each row's pair only when they did (as `not_blocked!`).
macro_rules! not_muted {
    ($viewer:literal, $author:literal) => {
        concat!(
            "(NOT EXISTS (SELECT 1 FROM mutes mv WHERE mv.muter_id = ",
            $viewer,
            ") OR NOT EXISTS (SELECT 1 FROM mutes mu WHERE mu.muter_id = ",
            $viewer,
            " AND mu.muted_id = ",
            $author,
            "))"
        )
    };
}

/// Two BIGINT columns, `is_following` and `is_requested`: whether `viewer` follows `user`, or
/// asked to and waits (a primary key lookup each). A list of people with Follow buttons reads it.
macro_rules! follow_state {
    ($viewer:literal, $user:literal) => {
        concat!(
            "CAST(CASE WHEN EXISTS (SELECT 1 FROM follows fs WHERE fs.follower_id = ",
            $viewer,
            " AND fs.followee_id = ",
            $user,
            ") THEN 1 ELSE 0 END AS BIGINT) AS is_following, ",
            "CAST(CASE WHEN EXISTS (SELECT 1 FROM follow_requests fr WHERE fr.requester_id = ",
            $viewer,
            " AND fr.target_id = ",
            $user,
            ") THEN 1 ELSE 0 END AS BIGINT) AS is_requested"
        )
    };
}
pub(crate) use {follow_state, in_audience, may_see, not_blocked, not_muted, pair_blocked, shown};

/// Whether either of the two has blocked the other (`visibility::pair_blocked!`).
pub async fn blocked_between(db: &Db, a: i64, b: i64) -> Result<bool, sqlx::Error> {
    let (blocked,): (i64,) = sqlx::query_as(concat!("SELECT ", pair_blocked!("$1", "$2")))
        .bind(a)
        .bind(b)
        .fetch_one(&db.pool)
        .await?;
    Ok(blocked != 0)
}

/// The blocks, either way, between one of `these` and one of `those` (each at most a page's
/// worth of ids), as `(blocker, blocked)` pairs: one read for a page of rows (the conversation
/// list hides presence across them).
pub async fn blocks_among(
    db: &Db,
    these: &[i64],
    those: &[i64],
) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    if these.is_empty() || those.is_empty() {
        return Ok(Vec::new());
    }
    let (a, b) = (
        placeholders(1, these.len()),
        placeholders(1 + these.len(), those.len()),
    );
    let sql = format!(
        "SELECT blocker_id, blocked_id FROM blocks
         WHERE (blocker_id IN ({a}) AND blocked_id IN ({b}))
            OR (blocker_id IN ({b}) AND blocked_id IN ({a}))"
    );
    // Only numbered placeholders are formatted in; the ids are bound.
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
    for id in these.iter().chain(those) {
        query = query.bind(*id);
    }
    query.fetch_all(&db.pool).await
}
