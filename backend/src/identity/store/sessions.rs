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

pub async fn insert(
    db: &Db,
    token_hash: &str,
    user_id: i64,
    expires_at: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash)
    .bind(user_id)
    .bind(now_ms())
    .bind(expires_at)
    .execute(&db.pool)
    .await?;
    Ok(())
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
                u.is_admin, u.created_at, s.expires_at
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

/// Slides the expiry forward.
pub async fn extend(db: &Db, token_hash: &str, expires_at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE sessions SET expires_at = $1 WHERE token_hash = $2")
        .bind(expires_at)
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
