//! Accounts' one-time links, sign-in challenges, two-factor state and first run (issue 41):
//! `account_tokens`, `login_challenges`, `recovery_codes` and the account columns they move.

use sqlx::FromRow;

use crate::platform::db::{Db, Tx};

/// What a one-time link is for (`account_tokens.purpose`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Reset,
    Verify,
    Email,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Purpose::Reset => "reset",
            Purpose::Verify => "verify",
            Purpose::Email => "email",
        }
    }
}

/// Stores a link's secret hash for `user_id`; earlier unused links of the same purpose end (the
/// newest mail is the one that works). Answers the row id.
pub async fn insert_token(
    tx: &mut Tx,
    user_id: i64,
    purpose: Purpose,
    secret_hash: &str,
    email: Option<&str>,
    now: i64,
    expires_at: i64,
) -> Result<i64, sqlx::Error> {
    sqlx::query("DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2")
        .bind(user_id)
        .bind(purpose.as_str())
        .execute(&mut **tx)
        .await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO account_tokens (user_id, purpose, secret_hash, email, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(user_id)
    .bind(purpose.as_str())
    .bind(secret_hash)
    .bind(email)
    .bind(expires_at)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

/// A link's row.
#[derive(Debug, Clone, FromRow)]
pub struct TokenRow {
    pub user_id: i64,
    pub secret_hash: String,
    pub email: Option<String>,
    pub expires_at: i64,
}

/// Link `id` of `purpose`, if it exists.
pub async fn token(
    conn: &mut sqlx::AnyConnection,
    id: i64,
    purpose: Purpose,
) -> Result<Option<TokenRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT user_id, secret_hash, email, expires_at FROM account_tokens
         WHERE id = $1 AND purpose = $2",
    )
    .bind(id)
    .bind(purpose.as_str())
    .fetch_optional(conn)
    .await
}

/// Spends link `id`: true for the one caller that deleted it (two racing uses: one wins).
pub async fn spend_token(conn: &mut sqlx::AnyConnection, id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM account_tokens WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The account state the session user's answer carries beyond `UserRow`: whether two-step
/// sign-in is on, whether the first run is done, and the address a live change link awaits.
#[derive(Debug, Clone, FromRow)]
pub struct AccountFlags {
    pub two_factor: i64,
    pub onboarded: i64,
    pub pending_email: Option<String>,
}

/// One query for `AccountFlags` (the pending address from the newest live email link).
pub async fn flags(db: &Db, user_id: i64, now: i64) -> Result<AccountFlags, sqlx::Error> {
    sqlx::query_as(
        "SELECT CAST(CASE WHEN u.totp_secret IS NULL THEN 0 ELSE 1 END AS BIGINT) AS two_factor,
                CAST(CASE WHEN u.onboarded_at IS NULL THEN 0 ELSE 1 END AS BIGINT) AS onboarded,
                (SELECT t.email FROM account_tokens t
                 WHERE t.user_id = u.id AND t.purpose = 'email' AND t.expires_at > $2
                 ORDER BY t.id DESC LIMIT 1) AS pending_email
         FROM users u WHERE u.id = $1",
    )
    .bind(user_id)
    .bind(now)
    .fetch_one(&db.pool)
    .await
}

/// Marks the address verified (if it is still `email`: a change since makes the link moot).
pub async fn mark_verified(
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    email: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE users SET email_verified_at = COALESCE(email_verified_at, $3)
         WHERE id = $1 AND lower(email) = lower($2)",
    )
    .bind(user_id)
    .bind(email)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Makes `email` the account's address, verified now. A unique violation means another
/// account took it meanwhile (`users::duplicate_of`).
pub async fn set_email(
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    email: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET email = $2, email_verified_at = $3 WHERE id = $1")
        .bind(user_id)
        .bind(email)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// Whether an account other than `user_id` has `email` (case-insensitively).
pub async fn email_taken(db: &Db, user_id: i64, email: &str) -> Result<bool, sqlx::Error> {
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM users WHERE lower(email) = lower($1) AND id <> $2")
            .bind(email)
            .bind(user_id)
            .fetch_one(&db.pool)
            .await?;
    Ok(n > 0)
}

/// An active account with this address: its id, display name and address as stored.
pub async fn by_email(db: &Db, email: &str) -> Result<Option<(i64, String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT id, display_name, email FROM users
         WHERE lower(email) = lower($1) AND deactivated_at IS NULL",
    )
    .bind(email)
    .fetch_optional(&db.pool)
    .await
}

/// The account's address and display name (for a notice).
pub async fn address_of(
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as("SELECT email, display_name FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(conn)
        .await
}

/// Replaces the password hash, ends every session and unused reset link of the account: the
/// reset's write. Answers the ended sessions' token hashes.
pub async fn reset_password(
    conn: &mut sqlx::AnyConnection,
    user_id: i64,
    password_hash: &str,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(password_hash)
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM account_tokens WHERE user_id = $1 AND purpose = 'reset'")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM login_challenges WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *conn)
        .await?;
    let ended: Vec<(String,)> =
        sqlx::query_as("DELETE FROM sessions WHERE user_id = $1 RETURNING token_hash")
            .bind(user_id)
            .fetch_all(&mut *conn)
            .await?;
    Ok(ended.into_iter().map(|(hash,)| hash).collect())
}

/// A sign-in waiting for its second factor.
pub async fn insert_challenge(
    db: &Db,
    user_id: i64,
    secret_hash: &str,
    user_agent: &str,
    now: i64,
    expires_at: i64,
) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO login_challenges (user_id, secret_hash, user_agent, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(user_id)
    .bind(secret_hash)
    .bind(user_agent)
    .bind(expires_at)
    .bind(now)
    .fetch_one(&db.pool)
    .await?;
    Ok(id)
}

/// A challenge and the account's two-factor state.
#[derive(Debug, Clone, FromRow)]
pub struct ChallengeRow {
    pub user_id: i64,
    pub secret_hash: String,
    pub failures: i64,
    pub expires_at: i64,
    pub totp_secret: Option<String>,
    pub totp_last_step: Option<i64>,
    pub deactivated_at: Option<i64>,
}

pub async fn challenge(db: &Db, id: i64) -> Result<Option<ChallengeRow>, sqlx::Error> {
    sqlx::query_as(
        "SELECT c.user_id, c.secret_hash, c.failures, c.expires_at, u.totp_secret,
                u.totp_last_step, u.deactivated_at
         FROM login_challenges c JOIN users u ON u.id = c.user_id WHERE c.id = $1",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await
}

/// Counts a wrong code; at `max` failures the challenge ends. Answers whether it still stands.
pub async fn fail_challenge(db: &Db, id: i64, max: i64) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let row: Option<(i64,)> = sqlx::query_as(
        "UPDATE login_challenges SET failures = failures + 1 WHERE id = $1 RETURNING failures",
    )
    .bind(id)
    .fetch_optional(&mut *tx)
    .await?;
    let stands = match row {
        Some((failures,)) if failures < max => true,
        Some(_) => {
            sqlx::query("DELETE FROM login_challenges WHERE id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await?;
            false
        }
        None => false,
    };
    tx.commit().await?;
    Ok(stands)
}

/// Ends a challenge (met, or moot): true for the one caller that deleted it.
pub async fn end_challenge(db: &Db, id: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM login_challenges WHERE id = $1")
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes TOTP step `step` for the account if it is later than the last one taken (one
/// conditional write: a code raced twice is accepted once).
pub async fn take_step(db: &Db, user_id: i64, step: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE users SET totp_last_step = $2
         WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)",
    )
    .bind(user_id)
    .bind(step)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Spends a recovery code: true when it was one of the account's unused codes.
pub async fn spend_recovery_code(
    db: &Db,
    user_id: i64,
    code_hash: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM recovery_codes WHERE user_id = $1 AND code_hash = $2")
        .bind(user_id)
        .bind(code_hash)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The account's two-factor columns.
#[derive(Debug, Clone, FromRow)]
pub struct TwoFactorRow {
    pub totp_secret: Option<String>,
    pub totp_pending_secret: Option<String>,
    pub totp_last_step: Option<i64>,
}

pub async fn two_factor(db: &Db, user_id: i64) -> Result<TwoFactorRow, sqlx::Error> {
    sqlx::query_as(
        "SELECT totp_secret, totp_pending_secret, totp_last_step FROM users WHERE id = $1",
    )
    .bind(user_id)
    .fetch_one(&db.pool)
    .await
}

/// Keeps a secret shown by setup until a code confirms it.
pub async fn set_pending_secret(db: &Db, user_id: i64, secret: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET totp_pending_secret = $2 WHERE id = $1 AND totp_secret IS NULL")
        .bind(user_id)
        .bind(secret)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Turns two-factor on with the pending secret (if it is still `secret`), taking `step`, and
/// replaces the recovery codes. False when setup changed meanwhile.
pub async fn enable_two_factor(
    db: &Db,
    user_id: i64,
    secret: &str,
    step: i64,
    recovery_hashes: &[String],
) -> Result<bool, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let done = sqlx::query(
        "UPDATE users SET totp_secret = totp_pending_secret, totp_pending_secret = NULL,
                          totp_last_step = $3
         WHERE id = $1 AND totp_secret IS NULL AND totp_pending_secret = $2",
    )
    .bind(user_id)
    .bind(secret)
    .bind(step)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Ok(false);
    }
    sqlx::query("DELETE FROM recovery_codes WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    for hash in recovery_hashes {
        sqlx::query("INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)")
            .bind(user_id)
            .bind(hash)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    Ok(true)
}

/// Turns two-factor off: the secret, the recovery codes and waiting challenges go.
pub async fn disable_two_factor(db: &Db, user_id: i64) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "UPDATE users SET totp_secret = NULL, totp_pending_secret = NULL, totp_last_step = NULL
         WHERE id = $1",
    )
    .bind(user_id)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM recovery_codes WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM login_challenges WHERE user_id = $1")
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// The first run is over.
pub async fn set_onboarded(db: &Db, user_id: i64, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET onboarded_at = COALESCE(onboarded_at, $2) WHERE id = $1")
        .bind(user_id)
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Removes expired links and challenges (housekeeping; uses their `expires_at` indexes).
pub async fn delete_expired(db: &Db, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM account_tokens WHERE expires_at <= $1")
        .bind(now)
        .execute(&db.pool)
        .await?;
    sqlx::query("DELETE FROM login_challenges WHERE expires_at <= $1")
        .bind(now)
        .execute(&db.pool)
        .await?;
    Ok(())
}
