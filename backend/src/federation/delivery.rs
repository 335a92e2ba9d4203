//! The delivery outbox's drainer (the push outbox's pattern, docs/federation.md): due rows are
//! claimed with a lease (so N instances never send a row twice at once), each signed afresh
//! and POSTed; a 2xx deletes the row, a 410 marks the inbox's accounts gone, other 4xx are
//! dropped after a few tries, and the rest are retried with exponential backoff (or the
//! server's `Retry-After`) for up to 48 hours. Repeated failures of a server open its circuit
//! breaker: its rows wait, and the rest of the queue goes on.

use std::time::Duration;

use axum::http::{Method, Request, header};
use chrono::Utc;
use tokio::task::JoinSet;

use crate::federation::documents::ACTIVITY_JSON;
use crate::federation::sender::Sender;
use crate::federation::signatures;
use crate::federation::store::{self, Claimed};
use crate::platform::clock::Clock;
use crate::platform::db::Db;

/// Rows claimed and sent together (concurrently) by one pass.
const BATCH: i64 = 32;
/// A claimed row is not taken by another drainer for this long (well past a request's
/// timeout); if its sender died, it is due again after it.
const LEASE_MS: i64 = 60_000;
/// The wait before the first retry; each further retry waits twice as long, up to `MAX_WAIT_MS`.
pub const FIRST_RETRY_MS: i64 = 30_000;
const MAX_WAIT_MS: i64 = 6 * 60 * 60 * 1000;
/// A delivery is given up this long after it was queued.
pub const GIVE_UP_AFTER_MS: i64 = 48 * 60 * 60 * 1000;
/// A 4xx other than 408 and 429 is tried this many times before it is dropped.
const CLIENT_ERROR_TRIES: i64 = 3;
/// Failures in a row after which a server's breaker opens.
const BREAKER_AFTER: i64 = 5;
/// The longest the breaker stays open.
const BREAKER_MAX_MS: i64 = 60 * 60 * 1000;
/// The longest the drainer sleeps without a wake.
const POLL: Duration = Duration::from_secs(60);

/// What became of one try.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Outcome {
    Delivered,
    /// 410: the inbox's accounts are gone.
    Gone,
    /// Another 4xx: tried a few times, then dropped.
    Refused(u16),
    /// Never deliverable (an inbox no longer allowed, a sender gone): dropped now.
    Dropped(&'static str),
    /// Worth another try, not before `after` ms when the server said so.
    Retry {
        error: String,
        after: Option<i64>,
    },
}

impl Sender {
    /// The drainer: a pass at start, then whenever woken, when the next row is due, or every
    /// `POLL`; until aborted.
    pub async fn run(self, db: Db, clock: Clock) {
        let wake = &self.inner().wake;
        crate::platform::outbox::drive(
            "federation",
            wake,
            &clock,
            POLL,
            || self.drain(&db, &clock),
            || store::next_due(&db),
        )
        .await;
    }

    /// Sends every delivery due by `clock` now, a batch at a time, until none is due.
    pub async fn drain(&self, db: &Db, clock: &Clock) -> Result<(), sqlx::Error> {
        loop {
            let now = clock.now_ms();
            let batch = store::claim_due(db, now, now + LEASE_MS, BATCH).await?;
            if batch.is_empty() {
                return Ok(());
            }
            let mut sends = JoinSet::new();
            for row in batch {
                let (sender, db, clock) = (self.clone(), db.clone(), clock.clone());
                sends.spawn(async move { sender.deliver(&db, &clock, row).await });
            }
            while let Some(done) = sends.join_next().await {
                match done {
                    Ok(Ok(())) => {}
                    Ok(Err(err)) => tracing::warn!(error = %err, "recording a delivery failed"),
                    Err(err) => tracing::warn!(error = %err, "a delivery task failed"),
                }
            }
        }
    }

    async fn deliver(&self, db: &Db, clock: &Clock, row: Claimed) -> Result<(), sqlx::Error> {
        if store::blocked(db, &row.host).await? {
            return store::delivered(db, row.id).await;
        }
        let now = clock.now_ms();
        if let Some(until) = store::paused_until(db, &row.host, now).await? {
            return store::retry(
                db,
                row.id,
                row.attempts,
                until,
                "the server's breaker is open",
            )
            .await;
        }
        let outcome = self.send(db, &row).await;
        let attempts = row.attempts + 1;
        let now = clock.now_ms();
        match outcome {
            Outcome::Delivered => {
                store::host_succeeded(db, &row.host, now).await?;
                store::delivered(db, row.id).await
            }
            Outcome::Gone => {
                store::mark_gone_by_inbox(db, &row.inbox, now).await?;
                store::delivered(db, row.id).await
            }
            Outcome::Dropped(why) => {
                tracing::info!(inbox = %row.inbox, why, "a delivery was dropped");
                store::delivered(db, row.id).await
            }
            Outcome::Refused(status) if attempts >= CLIENT_ERROR_TRIES => {
                // Refused again and again: the accounts of that inbox are taken as gone.
                tracing::info!(inbox = %row.inbox, status, "a delivery refused again was dropped");
                store::mark_gone_by_inbox(db, &row.inbox, now).await?;
                store::delivered(db, row.id).await
            }
            Outcome::Refused(status) => {
                let at = now + retry_delay_ms(row.attempts);
                store::retry(db, row.id, attempts, at, &format!("answered {status}")).await
            }
            Outcome::Retry { error, after } => {
                if now - row.created_at >= GIVE_UP_AFTER_MS {
                    tracing::warn!(inbox = %row.inbox, attempts, "a delivery was given up after 48 hours");
                    return store::delivered(db, row.id).await;
                }
                let failures = store::host_failed(db, &row.host, &error).await?;
                if failures >= BREAKER_AFTER {
                    let open_for =
                        (60_000_i64 << (failures - BREAKER_AFTER).clamp(0, 10)).min(BREAKER_MAX_MS);
                    store::pause_host(db, &row.host, now + open_for).await?;
                }
                let wait = retry_delay_ms(row.attempts).max(after.unwrap_or(0));
                let at = (now + wait).min(row.created_at + GIVE_UP_AFTER_MS).max(now);
                store::retry(db, row.id, attempts, at, &error).await
            }
        }
    }

    /// Signs (afresh) and POSTs one delivery.
    async fn send(&self, db: &Db, row: &Claimed) -> Outcome {
        let retry = |error: String| Outcome::Retry { error, after: None };
        let url = match self.check_url(&row.inbox) {
            Ok(url) => url,
            Err(_) => return Outcome::Dropped("the inbox is not an address this server may reach"),
        };
        let (private, key_id) = match self.signing_key(db, row.sender_id).await {
            Ok(Some(key)) => key,
            Ok(None) => return Outcome::Dropped("its sender is gone"),
            Err(err) => return retry(err.to_string()),
        };
        let mut request = match Request::builder()
            .method(Method::POST)
            .uri(url.as_str())
            .header(header::CONTENT_TYPE, ACTIVITY_JSON)
            .header(header::ACCEPT, ACTIVITY_JSON)
            .body(row.activity.as_bytes().to_vec())
        {
            Ok(request) => request,
            Err(err) => return retry(err.to_string()),
        };
        if let Err(err) = signatures::sign(&mut request, &private, &key_id, Utc::now()) {
            return retry(err.to_string());
        }
        let request = match push_http::Request::try_from(request.map(push_http::Body::from)) {
            Ok(request) => request,
            Err(err) => return retry(err.to_string()),
        };
        let response = match self.inner().client.execute(request).await {
            Ok(response) => response,
            Err(err) => return retry(format!("not reached: {err}")),
        };
        let status = response.status().as_u16();
        match status {
            200..=299 => Outcome::Delivered,
            410 => Outcome::Gone,
            408 | 429 | 500..=599 => Outcome::Retry {
                error: format!("answered {status}"),
                after: retry_after_ms(response.headers()),
            },
            _ => Outcome::Refused(status),
        }
    }

    /// The private key and key id `sender` signs with (the instance actor's for `None`);
    /// `None` when the account is gone.
    async fn signing_key(
        &self,
        db: &Db,
        sender: Option<i64>,
    ) -> anyhow::Result<Option<(String, String)>> {
        match sender {
            None => {
                let (private, _) = self.instance_key().await?;
                Ok(Some((private, self.urls().instance_key_id())))
            }
            Some(user) => {
                let Some(actor) = store::local_actor_by_id(db, user).await? else {
                    return Ok(None);
                };
                let (private, _) = self.user_key(user).await?;
                Ok(Some((private, self.urls().key_id(&actor.username))))
            }
        }
    }
}

/// The wait before retrying a row tried `attempts` times before: 30 s, 60 s, 120 s … 6 h.
pub fn retry_delay_ms(attempts: i64) -> i64 {
    (FIRST_RETRY_MS << attempts.clamp(0, 20)).min(MAX_WAIT_MS)
}

/// `Retry-After` in milliseconds: seconds, or an HTTP date.
fn retry_after_ms(headers: &push_http::header::HeaderMap) -> Option<i64> {
    let value = headers.get(push_http::header::RETRY_AFTER)?.to_str().ok()?;
    if let Ok(seconds) = value.trim().parse::<i64>() {
        return Some(seconds.clamp(0, GIVE_UP_AFTER_MS / 1000) * 1000);
    }
    let at = chrono::DateTime::parse_from_rfc2822(value.trim()).ok()?;
    Some((at.timestamp_millis() - Utc::now().timestamp_millis()).clamp(0, GIVE_UP_AFTER_MS))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_back_off_doubling_up_to_six_hours() {
        assert_eq!(retry_delay_ms(0), 30_000);
        assert_eq!(retry_delay_ms(1), 60_000);
        assert_eq!(retry_delay_ms(5), 960_000);
        assert_eq!(retry_delay_ms(30), MAX_WAIT_MS);
    }

    #[test]
    fn retry_after_is_read_in_seconds() {
        let mut headers = push_http::header::HeaderMap::new();
        headers.insert(push_http::header::RETRY_AFTER, "120".parse().unwrap());
        assert_eq!(retry_after_ms(&headers), Some(120_000));
        headers.insert(push_http::header::RETRY_AFTER, "soon".parse().unwrap());
        assert_eq!(retry_after_ms(&headers), None);
    }
}
