//! Blocks and mutes (issue 20). A block ends the two accounts' follows and follow requests
//! both ways in its transaction; what each may then see of the other is `visibility::not_blocked!`. A mute only
//! takes the muted account out of the muter's feeds (`visibility::not_muted!`).

use sqlx::FromRow;

use crate::kernel::page::Page;
use crate::platform::db::{Db, now_ms};

/// An account the user blocked, with the block's id (the list's cursor).
#[derive(Debug, FromRow)]
pub struct BlockedUser {
    pub block_id: i64,
    pub id: i64,
    pub username: String,
    pub display_name: String,
    pub profile_image: Option<String>,
}

/// `blocker` blocks `blocked` (idempotent) and their follows and follow requests end, both ways; `false` when there
/// is no such active account.
pub async fn block(db: &Db, blocker: i64, blocked: i64) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM users WHERE id = $1 AND deactivated_at IS NULL")
            .bind(blocked)
            .fetch_optional(&mut *tx)
            .await?;
    if found.is_none() {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO blocks (blocker_id, blocked_id, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (blocker_id, blocked_id) DO NOTHING",
    )
    .bind(blocker)
    .bind(blocked)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?;
    for sql in [
        "DELETE FROM follows WHERE (follower_id = $1 AND followee_id = $2)
                                OR (follower_id = $2 AND followee_id = $1)",
        "DELETE FROM follow_requests WHERE (requester_id = $1 AND target_id = $2)
                                        OR (requester_id = $2 AND target_id = $1)",
    ] {
        sqlx::query(sql)
            .bind(blocker)
            .bind(blocked)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// `blocker` unblocks `blocked` (idempotent; follows do not come back); `false` when there is
/// no such account.
pub async fn unblock(db: &Db, blocker: i64, blocked: i64) -> Result<bool, sqlx::Error> {
    sqlx::query("DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2")
        .bind(blocker)
        .bind(blocked)
        .execute(&db.pool)
        .await?;
    exists(db, blocked).await
}

/// A page of the accounts `blocker` blocked, the newest block first.
pub async fn list(db: &Db, blocker: i64, page: Page) -> Result<Vec<BlockedUser>, sqlx::Error> {
    sqlx::query_as(
        "SELECT b.id AS block_id, u.id, u.username, u.display_name,
                COALESCE(u.profile_image_small_url, u.profile_image_url) AS profile_image
         FROM blocks b JOIN users u ON u.id = b.blocked_id
         WHERE b.blocker_id = $1 AND b.id < $2
         ORDER BY b.id DESC LIMIT $3",
    )
    .bind(blocker)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

/// `muter` mutes `muted` (idempotent); `false` when there is no such active account.
pub async fn mute(db: &Db, muter: i64, muted: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO mutes (muter_id, muted_id, created_at)
         SELECT $1, id, $3 FROM users WHERE id = $2 AND deactivated_at IS NULL
         ON CONFLICT (muter_id, muted_id) DO NOTHING",
    )
    .bind(muter)
    .bind(muted)
    .bind(now_ms())
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1 || active(db, muted).await?)
}

/// `muter` unmutes `muted` (idempotent); `false` when there is no such account.
pub async fn unmute(db: &Db, muter: i64, muted: i64) -> Result<bool, sqlx::Error> {
    sqlx::query("DELETE FROM mutes WHERE muter_id = $1 AND muted_id = $2")
        .bind(muter)
        .bind(muted)
        .execute(&db.pool)
        .await?;
    exists(db, muted).await
}

async fn exists(db: &Db, id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<(i64,)> = sqlx::query_as("SELECT id FROM users WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    Ok(found.is_some())
}

async fn active(db: &Db, id: i64) -> Result<bool, sqlx::Error> {
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM users WHERE id = $1 AND deactivated_at IS NULL")
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
    Ok(found.is_some())
}
