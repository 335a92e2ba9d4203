//! Follows: who follows whom. Both directions are indexed: the primary key
//! (follower, followee) answers "do I follow them" and "whom do I follow"; the
//! `follows_followee_id_idx` answers "who follows them". The followers and following lists
//! (issue 43) walk `follows_followee_created_idx` and `follows_follower_created_idx`, the latest
//! follow first.

use crate::kernel::page::Page;
use crate::notifications;
use crate::notifications::rules::notification::{NotificationKind, NotificationTargetType};
use crate::notifications::{Act, Notice};
use crate::platform::db::visibility::{follow_state, in_audience, not_blocked};
use crate::platform::db::{Db, Tx};
use crate::social::store::stories::PersonSeen;

/// What following an account did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Followed {
    /// Following (now or already).
    Following,
    /// The account is private: a request waits for its owner (now or already).
    Requested,
    /// No such active account, or the two are blocked either way.
    NotFound,
}

/// Follows `followee`, or asks to when the account is private (issue 20); idempotent. One
/// write transaction: the account is read (active, not blocked, private or not) and the follow
/// or the request written.
pub async fn follow(
    db: &Db,
    follower: i64,
    followee: i64,
    now: i64,
) -> Result<(Followed, Option<Notice>), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let found: Option<(i64, i64)> = sqlx::query_as(concat!(
        // An account of another server is asked, like a private one, until its server accepts.
        "SELECT CAST(CASE WHEN u.remote_host IS NOT NULL
                          OR EXISTS (SELECT 1 FROM user_settings ps
                                     WHERE ps.user_id = u.id AND ps.private_account = 1)
                     THEN 1 ELSE 0 END AS BIGINT),
                CAST(CASE WHEN EXISTS (SELECT 1 FROM follows f
                                       WHERE f.follower_id = $1 AND f.followee_id = u.id)
                     THEN 1 ELSE 0 END AS BIGINT)
         FROM users u WHERE u.id = $2 AND u.deactivated_at IS NULL AND ",
        not_blocked!("$1", "u.id")
    ))
    .bind(follower)
    .bind(followee)
    .fetch_optional(&mut *tx)
    .await?;
    let (outcome, kind, sql) = match found {
        None => return Ok((Followed::NotFound, None)),
        Some((_, 1)) => return Ok((Followed::Following, None)),
        Some((1, _)) => (
            Followed::Requested,
            NotificationKind::FollowRequest,
            "INSERT INTO follow_requests (requester_id, target_id, created_at)
             VALUES ($1, $2, $3) ON CONFLICT (requester_id, target_id) DO NOTHING",
        ),
        Some(_) => (
            Followed::Following,
            NotificationKind::Follow,
            "INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (follower_id, followee_id) DO NOTHING",
        ),
    };
    let new = sqlx::query(sql)
        .bind(follower)
        .bind(followee)
        .bind(now)
        .execute(&mut *tx)
        .await?
        .rows_affected()
        == 1;
    // A follow tells the followed (folded with others' of the day); a request asks them.
    let notice = if new {
        let act = Act::new(
            followee,
            follower,
            kind,
            NotificationTargetType::User,
            followee,
        );
        notifications::record(&mut tx, &act, now).await?
    } else {
        None
    };
    tx.commit().await?;
    Ok((outcome, notice))
}

/// Stops following `followee`, or withdraws a request to follow them; idempotent. `false` when
/// no such user exists, or the two are blocked either way (the block ended every follow and
/// request between them; the answer's follower count is not for the other to read).
pub async fn unfollow(
    db: &Db,
    follower: i64,
    followee: i64,
) -> Result<(bool, Vec<Notice>), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let mut notices = Vec::new();
    for (sql, kind) in [
        (
            "DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2",
            NotificationKind::Follow,
        ),
        (
            "DELETE FROM follow_requests WHERE requester_id = $1 AND target_id = $2",
            NotificationKind::FollowRequest,
        ),
    ] {
        let gone = sqlx::query(sql)
            .bind(follower)
            .bind(followee)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        // Unfollowing leaves no notification of the follow behind.
        if gone == 1 {
            notices.extend(
                notifications::retract(
                    &mut tx,
                    followee,
                    follower,
                    kind,
                    NotificationTargetType::User,
                    followee,
                )
                .await?,
            );
        }
    }
    let found: Option<(i64,)> = sqlx::query_as(concat!(
        "SELECT u.id FROM users u WHERE u.id = $2 AND ",
        not_blocked!("$1", "u.id")
    ))
    .bind(follower)
    .bind(followee)
    .fetch_optional(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok((found.is_some(), notices))
}

/// `Some((is_following, is_requested))` for an existing, active `followee`; `None` when there
/// is no such user, the account is deactivated, or the two are blocked either way.
pub async fn status(
    db: &Db,
    follower: i64,
    followee: i64,
) -> Result<Option<(bool, bool)>, sqlx::Error> {
    let row: Option<(i64, i64)> = sqlx::query_as(concat!(
        "SELECT CAST(CASE WHEN EXISTS (SELECT 1 FROM follows
                                       WHERE follower_id = $1 AND followee_id = u.id)
                     THEN 1 ELSE 0 END AS BIGINT),
                CAST(CASE WHEN EXISTS (SELECT 1 FROM follow_requests
                                       WHERE requester_id = $1 AND target_id = u.id)
                     THEN 1 ELSE 0 END AS BIGINT)
         FROM users u WHERE u.id = $2 AND u.deactivated_at IS NULL AND ",
        not_blocked!("$1", "u.id")
    ))
    .bind(follower)
    .bind(followee)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(following, requested)| (following != 0, requested != 0)))
}

/// How many follow `user`.
pub async fn followers_count(db: &Db, user: i64) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM follows WHERE followee_id = $1")
        .bind(user)
        .fetch_one(&db.pool)
        .await?;
    Ok(count)
}

/// A request to follow a private account, with its requester.
#[derive(Debug, sqlx::FromRow)]
pub struct FollowRequestView {
    pub id: i64,
    pub created_at: i64,
    pub user_id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image: Option<String>,
}

/// A page of the requests to follow `target`, newest first (`follow_requests_target_idx`).
pub async fn requests(
    db: &Db,
    target: i64,
    page: Page,
) -> Result<Vec<FollowRequestView>, sqlx::Error> {
    sqlx::query_as(
        "SELECT r.id, r.created_at, u.id AS user_id, u.username, u.display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image
         FROM follow_requests r
         JOIN users u ON u.id = r.requester_id AND u.deactivated_at IS NULL
         WHERE r.target_id = $1 AND r.id < $2
         ORDER BY r.id DESC LIMIT $3",
    )
    .bind(target)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

/// Approves (the requester follows `target` from now on) or declines the request `id` made to
/// `target`, in one write transaction; `None` when `target` has no such request, else the
/// requester and the notices.
pub async fn answer_request(
    db: &Db,
    target: i64,
    id: i64,
    approve: bool,
    now: i64,
) -> Result<Option<(i64, Vec<Notice>)>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let found: Option<(i64,)> = sqlx::query_as(
        "DELETE FROM follow_requests WHERE id = $1 AND target_id = $2 RETURNING requester_id",
    )
    .bind(id)
    .bind(target)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((requester,)) = found else {
        return Ok(None);
    };
    let notices = if approve {
        sqlx::query(
            "INSERT INTO follows (follower_id, followee_id, created_at) VALUES ($1, $2, $3)
             ON CONFLICT (follower_id, followee_id) DO NOTHING",
        )
        .bind(requester)
        .bind(target)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        approved(&mut tx, target, requester, now).await?
    } else {
        // A declined request's notification goes, and tells the requester nothing.
        request_answered(&mut tx, target, requester).await?
    };
    tx.commit().await?;
    Ok(Some((requester, notices)))
}

/// A request's notification goes once it is answered.
async fn request_answered(
    tx: &mut Tx,
    target: i64,
    requester: i64,
) -> Result<Vec<Notice>, sqlx::Error> {
    Ok(notifications::retract(
        tx,
        target,
        requester,
        NotificationKind::FollowRequest,
        NotificationTargetType::User,
        target,
    )
    .await?
    .into_iter()
    .collect())
}

/// Turning an account public approves every request to follow it, in the caller's transaction
/// (a public account has none); each approval is told as the owner's own would be. Answers the
/// requesters approved and the notices.
pub async fn approve_all(
    tx: &mut Tx,
    target: i64,
    now: i64,
) -> Result<(Vec<i64>, Vec<Notice>), sqlx::Error> {
    sqlx::query(
        "INSERT INTO follows (follower_id, followee_id, created_at)
         SELECT requester_id, target_id, $2 FROM follow_requests WHERE target_id = $1
         ON CONFLICT (follower_id, followee_id) DO NOTHING",
    )
    .bind(target)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    let requesters: Vec<(i64,)> =
        sqlx::query_as("DELETE FROM follow_requests WHERE target_id = $1 RETURNING requester_id")
            .bind(target)
            .fetch_all(&mut **tx)
            .await?;
    let mut notices = Vec::new();
    for (requester,) in &requesters {
        notices.extend(approved(tx, target, *requester, now).await?);
    }
    Ok((requesters.into_iter().map(|(id,)| id).collect(), notices))
}

/// The notifications of an approved request (by its owner, or by turning the account public),
/// in the caller's transaction once the follow is written: the request's row goes, the
/// requester hears 'maya accepted your follow request', and the owner's row becomes the follow
/// it now is ('leo started following you', as on Instagram): read when it stands alone, since
/// the owner has just acted on it; joined to an unread fold of the day's follows, that fold
/// stays unread.
pub(crate) async fn approved(
    tx: &mut Tx,
    target: i64,
    requester: i64,
    now: i64,
) -> Result<Vec<Notice>, sqlx::Error> {
    let mut notices = request_answered(tx, target, requester).await?;
    let accepted = Act::new(
        requester,
        target,
        NotificationKind::FollowAccepted,
        NotificationTargetType::User,
        target,
    );
    notices.extend(notifications::record(tx, &accepted, now).await?);
    let follow = Act {
        seen: true,
        ..Act::new(
            target,
            requester,
            NotificationKind::Follow,
            NotificationTargetType::User,
            target,
        )
    };
    notices.extend(notifications::record(tx, &follow, now).await?);
    Ok(notices)
}

/// Whether `reader` may open `user`'s followers and following lists: `None` when there is no
/// such active account or the two are blocked either way (not found), `Some(false)` for a
/// private account `reader` neither is nor follows, `Some(true)` otherwise.
pub async fn lists_open(db: &Db, reader: i64, user: i64) -> Result<Option<bool>, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as(concat!(
        "SELECT CAST(CASE WHEN ",
        in_audience!("$1", "u.id"),
        " THEN 1 ELSE 0 END AS BIGINT)
         FROM users u WHERE u.id = $2 AND u.deactivated_at IS NULL AND ",
        not_blocked!("$1", "u.id")
    ))
    .bind(reader)
    .bind(user)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(open,)| open != 0))
}

/// Which side of `follows` a list reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// Who follows the account.
    Followers,
    /// Whom the account follows.
    Following,
}

/// A page of `user`'s followers or following, the latest follow first (keyset on
/// `(created_at, the other's id)`, the cursor being the last one's user id): never an account
/// deactivated or blocked either way with `reader`. `reader`'s follow state of each comes
/// along (the list's Follow buttons).
pub async fn list(
    db: &Db,
    reader: i64,
    user: i64,
    side: Side,
    page: Page,
) -> Result<Vec<PersonSeen>, sqlx::Error> {
    macro_rules! people {
        ($mine:literal, $other:literal) => {
            concat!(
                "SELECT u.id, u.username, u.display_name,
                        COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image,
                        f.created_at AS at, ",
                follow_state!("$1", "u.id"),
                " FROM follows f
                 JOIN users u ON u.id = f.", $other, " AND u.deactivated_at IS NULL
                 WHERE f.", $mine, " = $2 AND ",
                not_blocked!("$1", "u.id"),
                " AND ($3 = $4 OR EXISTS (
                       SELECT 1 FROM follows k WHERE k.", $mine, " = $2 AND k.", $other, " = $3
                         AND (f.created_at < k.created_at
                              OR (f.created_at = k.created_at AND f.", $other, " < k.", $other, "))))
                 ORDER BY f.created_at DESC, f.", $other, " DESC LIMIT $5"
            )
        };
    }
    let sql = match side {
        Side::Followers => people!("followee_id", "follower_id"),
        Side::Following => people!("follower_id", "followee_id"),
    };
    sqlx::query_as(sql)
        .bind(reader)
        .bind(user)
        .bind(page.before)
        .bind(i64::MAX)
        .bind(page.fetch_limit())
        .fetch_all(&db.pool)
        .await
}
