//! The mail outbox and the addresses not to mail (issue 41). The drainer (platform/mail/mod.rs)
//! claims due rows with a lease, as Web Push's does, so two instances never send the same
//! message at once and a message whose sender died is sent again once the lease runs out.

use sqlx::FromRow;

use crate::platform::db::{Db, Tx};

/// A message waiting in the outbox.
#[derive(Debug, Clone, FromRow)]
pub struct Queued {
    pub id: i64,
    pub to_address: String,
    pub subject: String,
    pub text_body: String,
    pub html_body: String,
    pub link: String,
    pub attempts: i64,
}

/// Queues a message in the caller's transaction; an address that refused mail for good is not
/// queued (answers false).
pub async fn enqueue(
    tx: &mut Tx,
    to: &str,
    subject: &str,
    text: &str,
    html: &str,
    link: &str,
    now: i64,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO mail_outbox
             (to_address, subject, text_body, html_body, link, next_attempt_at, created_at)
         SELECT $1, $2, $3, $4, $5, $6, $6
         WHERE NOT EXISTS (SELECT 1 FROM mail_suppressed WHERE address = lower($1))",
    )
    .bind(to)
    .bind(subject)
    .bind(text)
    .bind(html)
    .bind(link)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes up to `limit` due messages, oldest first, leasing them until `lease_until`.
pub async fn claim_due(
    db: &Db,
    now: i64,
    lease_until: i64,
    limit: i64,
) -> Result<Vec<Queued>, sqlx::Error> {
    // The outer `next_attempt_at <= $1` is checked again on the row itself: on PostgreSQL a
    // drainer that waited for another's claim skips the rows that claim took.
    sqlx::query_as(
        "UPDATE mail_outbox SET next_attempt_at = $2
         WHERE next_attempt_at <= $1 AND id IN
             (SELECT id FROM mail_outbox WHERE next_attempt_at <= $1
              ORDER BY next_attempt_at, id LIMIT $3)
         RETURNING id, to_address, subject, text_body, html_body, link, attempts",
    )
    .bind(now)
    .bind(lease_until)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// A message sent (or given up): out of the outbox.
pub async fn delete(db: &Db, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM mail_outbox WHERE id = $1")
        .bind(id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// A message to try again at `at`, after `attempts` failures.
pub async fn retry(db: &Db, id: i64, attempts: i64, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE mail_outbox SET attempts = $2, next_attempt_at = $3 WHERE id = $1")
        .bind(id)
        .bind(attempts)
        .bind(at)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// The earliest time a queued message is due, if any.
pub async fn next_due(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    let (at,): (Option<i64>,) = sqlx::query_as("SELECT MIN(next_attempt_at) FROM mail_outbox")
        .fetch_one(&db.pool)
        .await?;
    Ok(at)
}

/// `address` refused mail for good: it is not mailed again, and what waits for it goes.
pub async fn suppress(db: &Db, address: &str, reason: &str, now: i64) -> Result<(), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    sqlx::query(
        "INSERT INTO mail_suppressed (address, reason, created_at) VALUES (lower($1), $2, $3)
         ON CONFLICT (address) DO NOTHING",
    )
    .bind(address)
    .bind(reason)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM mail_outbox WHERE lower(to_address) = lower($1)")
        .bind(address)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}
