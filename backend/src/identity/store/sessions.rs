//! Sessions: one row per signed-in browser, keyed by the SHA-256 of the cookie's token.

use crate::fetch_list;
use crate::kernel::user::UserRow;
use crate::platform::db::{Db, now_ms};

/// A live session joined with its user.
#[derive(Debug, sqlx::FromRow)]
pub struct SessionUser {
    #[sqlx(flatten)]
    pub user: UserRow,
    pub expires_at: i64,
}

crate::native_row!(SessionUser { user: flatten UserRow, expires_at });

/// The most sessions an account keeps: a sign-in past it ends the least recently used one.
pub const SESSIONS_PER_USER: i64 = 50;

/// A new session: its token's hash, public id (what the sessions list shows) and the browser's
/// User-Agent; the account's least recently used sessions past `SESSIONS_PER_USER` end.
pub async fn insert(
    db: &Db,
    token_hash: &str,
    public_id: &str,
    user_id: i64,
    user_agent: &str,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    let now = now_ms();
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "INSERT INTO sessions (token_hash, public_id, user_id, user_agent, created_at,
                               last_seen_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $5, $6)",
    )
    .bind(token_hash)
    .bind(public_id)
    .bind(user_id)
    .bind(user_agent)
    .bind(now)
    .bind(expires_at)
    .execute(&mut *tx)
    .await?;
    let ended: Vec<(String,)> = sqlx::query_as(
        "DELETE FROM sessions WHERE token_hash IN
             (SELECT token_hash FROM sessions WHERE user_id = $1
              ORDER BY last_seen_at DESC, token_hash LIMIT 1000 OFFSET $2)
         RETURNING token_hash",
    )
    .bind(user_id)
    .bind(SESSIONS_PER_USER)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    for (hash,) in ended {
        db.session_cache.forget(&hash);
    }
    Ok(())
}

/// A signed-in session as its owner's list shows it.
#[derive(Debug, sqlx::FromRow)]
pub struct SessionRow {
    pub token_hash: String,
    pub public_id: String,
    pub user_agent: String,
    pub created_at: i64,
    pub last_seen_at: i64,
}

/// `user_id`'s live sessions, most recently used first (at most `SESSIONS_PER_USER`).
pub async fn list(db: &Db, user_id: i64, now: i64) -> Result<Vec<SessionRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT token_hash, public_id, user_agent, created_at, last_seen_at FROM sessions
         WHERE user_id = $1 AND expires_at > $2
         ORDER BY last_seen_at DESC, token_hash LIMIT $3",
    )
    .bind(user_id)
    .bind(now)
    .bind(SESSIONS_PER_USER)
    .fetch_all(&db.pool)
    .await
}

/// Ends `user_id`'s session `public_id`; answers its token hash (`None`: no such session of
/// theirs).
pub async fn delete_by_public_id(
    db: &Db,
    user_id: i64,
    public_id: &str,
) -> Result<Option<String>, sqlx::Error> {
    let ended: Option<(String,)> = sqlx::query_as(
        "DELETE FROM sessions WHERE public_id = $1 AND user_id = $2 RETURNING token_hash",
    )
    .bind(public_id)
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    if let Some((hash,)) = &ended {
        db.session_cache.forget(hash);
    }
    Ok(ended.map(|(hash,)| hash))
}

/// Ends every session of `user_id` but `keep` (a token hash; `None` ends them all); answers
/// how many ended.
pub async fn delete_all_but(db: &Db, user_id: i64, keep: Option<&str>) -> Result<u64, sqlx::Error> {
    let ended: Vec<(String,)> = sqlx::query_as(
        "DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2 RETURNING token_hash",
    )
    .bind(user_id)
    .bind(keep.unwrap_or(""))
    .fetch_all(&db.pool)
    .await?;
    for (hash,) in &ended {
        db.session_cache.forget(hash);
    }
    Ok(ended.len() as u64)
}

/// The user of an unexpired session (one primary-key lookup joined to `users`), served from
/// `db.session_cache` when it was looked up less than `session_cache::TTL` ago.
pub async fn find_user(db: &Db, token_hash: &str) -> Result<Option<SessionUser>, sqlx::Error> {
    let now = now_ms();
    if let Some((user, expires_at)) = db.session_cache.get(token_hash, now) {
        return Ok(Some(SessionUser { user, expires_at }));
    }
    // Every request and every socket's ping asks (one row at most: the token's primary key).
    let found = fetch_list!(
        db,
        SessionUser,
        "SELECT u.id, u.username, u.email, u.display_name, u.bio, u.profile_image_url,
                u.is_admin, u.created_at, u.email_verified_at, s.expires_at
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = $1 AND s.expires_at > $2 AND u.deactivated_at IS NULL",
        token_hash,
        now
    )?
    .into_iter()
    .next();
    if let Some(found) = &found {
        db.session_cache
            .put(token_hash, &found.user, found.expires_at);
    }
    Ok(found)
}

/// Records a use of the session at `now` and slides its expiry to `expires_at`.
pub async fn touch(
    db: &Db,
    token_hash: &str,
    now: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sessions SET expires_at = $1, last_seen_at = $2 WHERE token_hash = $3")
        .bind(expires_at)
        .bind(now)
        .bind(token_hash)
        .execute(&db.pool)
        .await?;
    db.session_cache.set_expiry(token_hash, expires_at);
    Ok(())
}

/// Ends a session; this instance stops accepting it at once.
pub async fn delete(db: &Db, token_hash: &str) -> Result<Option<i64>, sqlx::Error> {
    db.session_cache.forget(token_hash);
    let user: Option<(i64,)> =
        sqlx::query_as("DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id")
            .bind(token_hash)
            .fetch_optional(&db.pool)
            .await?;
    // Again after the delete: a lookup racing with it may have cached the row meanwhile.
    db.session_cache.forget(token_hash);
    Ok(user.map(|(id,)| id))
}

/// Removes expired sessions (run at start-up; uses `sessions_expires_at_idx`).
pub async fn delete_expired(db: &Db) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
        .bind(now_ms())
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected())
}
