//! Follows: who follows whom. Both directions are indexed: the primary key
//! (follower, followee) answers "do I follow them" and "whom do I follow"; the
//! `follows_followee_id_idx` answers "who follows them".

use super::visibility::not_blocked;
use super::{Db, now_ms};

/// Follows `followee`; idempotent. `false` when no such user exists (or is deactivated, or the
/// two are blocked either way).
pub async fn follow(db: &Db, follower: i64, followee: i64) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let followed = sqlx::query(concat!(
        "INSERT INTO follows (follower_id, followee_id, created_at)
         SELECT $1, u.id, $3 FROM users u WHERE u.id = $2 AND u.deactivated_at IS NULL AND ",
        not_blocked!("$1", "u.id"),
        " ON CONFLICT (follower_id, followee_id) DO NOTHING"
    ))
    .bind(follower)
    .bind(followee)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?
    .rows_affected()
        == 1;
    let exists = followed || visible(&mut tx, follower, followee).await?;
    tx.commit().await?;
    Ok(exists)
}

/// Stops following `followee`; idempotent. `false` when no such user exists.
pub async fn unfollow(db: &Db, follower: i64, followee: i64) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query("DELETE FROM follows WHERE follower_id = $1 AND followee_id = $2")
        .bind(follower)
        .bind(followee)
        .execute(&mut *tx)
        .await?;
    let exists = user_exists(&mut tx, followee).await?;
    tx.commit().await?;
    Ok(exists)
}

/// Whether `followee` is an active account not blocked either way with `follower`.
async fn visible(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    follower: i64,
    followee: i64,
) -> Result<bool, sqlx::Error> {
    let found: Option<(i64,)> = sqlx::query_as(concat!(
        "SELECT u.id FROM users u WHERE u.id = $2 AND u.deactivated_at IS NULL AND ",
        not_blocked!("$1", "u.id")
    ))
    .bind(follower)
    .bind(followee)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(found.is_some())
}

async fn user_exists(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    id: i64,
) -> Result<bool, sqlx::Error> {
    let found: Option<(i64,)> = sqlx::query_as("SELECT id FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(&mut **tx)
        .await?;
    Ok(found.is_some())
}

/// `Some(is_following)` for an existing, active `followee`; `None` when there is no such user,
/// the account is deactivated, or the two are blocked either way.
pub async fn status(db: &Db, follower: i64, followee: i64) -> Result<Option<bool>, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as(concat!(
        "SELECT CAST(CASE WHEN EXISTS (SELECT 1 FROM follows
                                       WHERE follower_id = $1 AND followee_id = u.id)
                     THEN 1 ELSE 0 END AS BIGINT)
         FROM users u WHERE u.id = $2 AND u.deactivated_at IS NULL AND ",
        not_blocked!("$1", "u.id")
    ))
    .bind(follower)
    .bind(followee)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.map(|(following,)| following != 0))
}

/// How many follow `user`.
pub async fn followers_count(db: &Db, user: i64) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM follows WHERE followee_id = $1")
        .bind(user)
        .fetch_one(&db.pool)
        .await?;
    Ok(count)
}
