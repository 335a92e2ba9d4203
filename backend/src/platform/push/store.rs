//! Web Push (issue 21, docs/push.md): browsers' subscriptions, the outbox of pushes waiting to be
//! sent, and the server's VAPID key. The drainer (platform/push/mod.rs) claims due outbox rows with a
//! lease, so two instances never send the same row at once and a row whose sender died is sent
//! again once the lease runs out.

use sqlx::FromRow;

use crate::platform::db::{Db, Tx, now_ms};

/// How many subscriptions a user keeps: a new one past this drops their oldest (a browser
/// that was reset, an old phone).
pub const SUBSCRIPTIONS_PER_USER: i64 = 10;

/// A subscription as the sender needs it.
#[derive(Debug, Clone, FromRow)]
pub struct Subscription {
    pub id: i64,
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

/// What subscribing did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subscribed {
    /// A new endpoint.
    Created,
    /// The endpoint was known: its keys are refreshed and it now belongs to the caller (its
    /// waiting pushes go if it belonged to someone else).
    Existing,
}

/// Stores `endpoint` for `user` (or moves it to them), keeping their newest
/// `SUBSCRIPTIONS_PER_USER`.
pub async fn subscribe(
    db: &Db,
    user: i64,
    endpoint: &str,
    p256dh: &str,
    auth: &str,
) -> Result<Subscribed, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let inserted = sqlx::query(
        "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (endpoint) DO NOTHING",
    )
    .bind(user)
    .bind(endpoint)
    .bind(p256dh)
    .bind(auth)
    .bind(now_ms())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    let subscribed = if inserted == 1 {
        Subscribed::Created
    } else {
        // Pushes queued for the previous owner are not the new owner's to receive.
        sqlx::query(
            "DELETE FROM push_outbox WHERE subscription_id IN
                 (SELECT id FROM push_subscriptions WHERE endpoint = $1 AND user_id <> $2)",
        )
        .bind(endpoint)
        .bind(user)
        .execute(&mut *tx)
        .await?;
        sqlx::query(
            "UPDATE push_subscriptions SET user_id = $2, p256dh = $3, auth = $4
             WHERE endpoint = $1",
        )
        .bind(endpoint)
        .bind(user)
        .bind(p256dh)
        .bind(auth)
        .execute(&mut *tx)
        .await?;
        Subscribed::Existing
    };
    sqlx::query(
        "DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN
             (SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY id DESC LIMIT $2)",
    )
    .bind(user)
    .bind(SUBSCRIPTIONS_PER_USER)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(subscribed)
}

/// Deletes `user`'s subscription of `endpoint` (with its waiting pushes); someone else's, or an
/// unknown endpoint, is left alone. Answers whether one was deleted.
pub async fn unsubscribe(db: &Db, user: i64, endpoint: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1 AND user_id = $2")
        .bind(endpoint)
        .bind(user)
        .execute(&db.pool)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// Deletes a subscription the push service said is gone (404 or 410), with its waiting pushes.
pub async fn delete_subscription(db: &Db, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM push_subscriptions WHERE id = $1")
        .bind(id)
        .execute(&db.pool)
        .await
        .map(|_| ())
}

/// Whether `user` has any browser subscribed.
pub async fn has_subscriptions(db: &Db, user: i64) -> Result<bool, sqlx::Error> {
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM push_subscriptions WHERE user_id = $1 LIMIT 1")
            .bind(user)
            .fetch_optional(&db.pool)
            .await?;
    Ok(found.is_some())
}

/// Queues `payload` (JSON text) for every subscription of `user`, in the caller's transaction,
/// due at once. Answers how many rows were queued.
pub async fn enqueue(tx: &mut Tx, user: i64, payload: &str) -> Result<u64, sqlx::Error> {
    let now = now_ms();
    let done = sqlx::query(
        "INSERT INTO push_outbox (subscription_id, payload, attempts, next_attempt_at, created_at)
         SELECT id, $2, 0, $3, $3 FROM push_subscriptions WHERE user_id = $1",
    )
    .bind(user)
    .bind(payload)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected())
}

/// An outbox row claimed for sending.
#[derive(Debug, Clone, FromRow)]
pub struct Claimed {
    pub id: i64,
    pub subscription_id: i64,
    pub payload: String,
    pub attempts: i64,
}

/// Claims up to `limit` rows due at `now`, oldest first: each is leased until `lease_until`
/// (no other drainer takes it meanwhile; if this one dies, it is due again then).
pub async fn claim_due(
    db: &Db,
    now: i64,
    lease_until: i64,
    limit: i64,
) -> Result<Vec<Claimed>, sqlx::Error> {
    // The outer `next_attempt_at <= $1` is checked again on the row itself: on PostgreSQL a
    // drainer that waited for another's claim skips the rows that claim took.
    sqlx::query_as(
        "UPDATE push_outbox SET next_attempt_at = $2
         WHERE next_attempt_at <= $1 AND id IN
             (SELECT id FROM push_outbox WHERE next_attempt_at <= $1
              ORDER BY next_attempt_at, id LIMIT $3)
         RETURNING id, subscription_id, payload, attempts",
    )
    .bind(now)
    .bind(lease_until)
    .bind(limit)
    .fetch_all(&db.pool)
    .await
}

/// The subscription an outbox row is for (none once it was deleted).
pub async fn subscription(db: &Db, id: i64) -> Result<Option<Subscription>, sqlx::Error> {
    sqlx::query_as("SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// The push service took the row (or it can never be sent): it goes.
pub async fn delete_row(db: &Db, id: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM push_outbox WHERE id = $1")
        .bind(id)
        .execute(&db.pool)
        .await
        .map(|_| ())
}

/// The row is tried again at `at`, one attempt more.
pub async fn retry_row(db: &Db, id: i64, attempts: i64, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE push_outbox SET attempts = $2, next_attempt_at = $3 WHERE id = $1")
        .bind(id)
        .bind(attempts)
        .bind(at)
        .execute(&db.pool)
        .await
        .map(|_| ())
}

/// When the next row is due (the drainer sleeps until then), if any is waiting.
pub async fn next_due(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    let (next,): (Option<i64>,) = sqlx::query_as("SELECT MIN(next_attempt_at) FROM push_outbox")
        .fetch_one(&db.pool)
        .await?;
    Ok(next)
}

/// The stored VAPID private key (base64url), if one was made.
pub async fn vapid_key(db: &Db) -> Result<Option<String>, sqlx::Error> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT private_key FROM push_vapid_key WHERE id = 1")
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.map(|(key,)| key))
}

/// Stores `key` unless a key is stored already (two instances starting together agree on the
/// first); answers the stored one.
pub async fn store_vapid_key(db: &Db, key: &str) -> Result<String, sqlx::Error> {
    sqlx::query(
        "INSERT INTO push_vapid_key (id, private_key, created_at) VALUES (1, $1, $2)
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(key)
    .bind(now_ms())
    .execute(&db.pool)
    .await?;
    let (stored,): (String,) =
        sqlx::query_as("SELECT private_key FROM push_vapid_key WHERE id = 1")
            .fetch_one(&db.pool)
            .await?;
    Ok(stored)
}
