//! Web Push (issue 21, docs/push.md): pushes to browsers whose app is closed. A handler queues
//! a push with `enqueue` in its own transaction (one outbox row per subscription of the
//! recipient) and calls `Push::wake` after committing; the drainer (`Push::run`, started beside
//! the other background jobs) sends the due rows: encrypted for the subscription (aes128gcm,
//! RFC 8291) and signed with the server's VAPID key (RFC 8292) by the web-push crate, POSTed by
//! our own client to the address the guard checked, with short timeouts and no redirects.
//! Nothing a request waits on talks to a push service, and queued rows outlive a restart.

pub mod guard;
pub mod store;
pub mod vapid;
pub mod wire;

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;
use tokio::task::JoinSet;
use web_push::{ContentEncoding, SubscriptionInfo, WebPushMessageBuilder};

use crate::platform::clock::Clock;
use crate::platform::config::Settings;
use crate::platform::db::{Db, Tx};
use crate::platform::push::store::{Claimed, Subscription};
use crate::platform::push::wire::PushPayload;

pub use vapid::Vapid;

/// How long connecting to a push service may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// How long a whole push request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// Rows claimed and sent together (concurrently) by one pass.
const BATCH: i64 = 32;
/// A claimed row is not taken by another drainer for this long (well past `REQUEST_TIMEOUT`);
/// if its sender died, it is due again after it.
const LEASE_MS: i64 = 60_000;
/// Attempts before a push is given up.
pub const MAX_ATTEMPTS: i64 = 5;
/// The wait before the first retry; each further retry waits twice as long.
pub const RETRY_AFTER_MS: i64 = 30_000;
/// The longest the drainer sleeps without a wake (rows queued by another instance, whose wake
/// reached that instance's drainer only, are sent by it; this is the safety net).
const POLL: Duration = Duration::from_secs(60);
/// How long the push service keeps a message for a device that is offline (the TTL header).
const TTL_SECONDS: u32 = 24 * 60 * 60;
/// The largest payload (JSON bytes) sent: web-push encrypts at most 3052 bytes, and push
/// services take ~4 KB after encryption.
const PAYLOAD_MAX: usize = 3000;

/// Queues `payload` for every browser `user_id` subscribed, in the caller's transaction (so the
/// push commits, or not, with the act that caused it). Call `Push::wake` after the commit. A
/// payload too long for a push has its text (then its title and actors) shortened.
pub async fn enqueue(tx: &mut Tx, user_id: i64, payload: &PushPayload) -> Result<(), sqlx::Error> {
    let Some(json) = fit(payload) else {
        tracing::warn!(user_id, url = %payload.url, "a push too large to send was not queued");
        return Ok(());
    };
    store::enqueue(tx, user_id, &json).await.map(|_| ())
}

/// The payload's JSON, shortened to fit in a push.
fn fit(payload: &PushPayload) -> Option<String> {
    let mut payload = payload.clone();
    loop {
        let json = serde_json::to_string(&payload).ok()?;
        if json.len() <= PAYLOAD_MAX {
            return Some(json);
        }
        let text_chars = payload.text.chars().count();
        if text_chars > 40 {
            payload.text = shorten(&payload.text, text_chars * 3 / 4);
        } else if let Some(title) = payload
            .title
            .as_mut()
            .filter(|title| title.chars().count() > 40)
        {
            *title = shorten(title, 40);
        } else if payload.actors.len() > 1 {
            payload.actors.truncate(payload.actors.len() / 2);
        } else {
            return None;
        }
    }
}

/// The first `chars - 1` characters of `text` and an ellipsis.
fn shorten(text: &str, chars: usize) -> String {
    let mut short: String = text.chars().take(chars.saturating_sub(1)).collect();
    short.push('…');
    short
}

/// The push sender and its outbox drainer. Cheap to clone.
#[derive(Clone)]
pub struct Push(Arc<Inner>);

struct Inner {
    vapid: Vapid,
    /// The VAPID `sub` claim: how a push service reaches the operator (mailto: or https:).
    subject: String,
    allow_loopback: bool,
    client: push_http::Client,
    wake: Notify,
}

/// What became of one send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    /// The push service took it (2xx).
    Delivered,
    /// The subscription is gone (404 or 410): it is deleted.
    Gone,
    /// Worth another try (a 5xx, 429 or 408, a timeout, a connection that failed).
    Retry,
    /// Never deliverable as it is (another 4xx, an endpoint no longer allowed, keys that do
    /// not encrypt): the push is dropped, the subscription kept.
    Dropped,
}

impl Push {
    /// The sender for `settings` with the VAPID key from the flag, or the database (made and
    /// stored there at first start).
    pub async fn start(settings: &Settings, db: &Db) -> anyhow::Result<Self> {
        let vapid = Vapid::load(settings.vapid_private_key.as_deref(), db).await?;
        Self::new(vapid, settings)
    }

    pub fn new(vapid: Vapid, settings: &Settings) -> anyhow::Result<Self> {
        let allow_loopback = settings.push_allow_loopback;
        if allow_loopback {
            tracing::warn!(
                "--push-allow-loopback is on: pushes may go to this machine (for tests only)"
            );
        }
        let client = push_http::Client::builder()
            // A proxy from the environment would connect for us, to addresses never checked.
            .no_proxy()
            .redirect(push_http::redirect::Policy::none())
            .connect_timeout(CONNECT_TIMEOUT)
            .timeout(REQUEST_TIMEOUT)
            .dns_resolver(crate::platform::outbound::CheckedResolver::shared(
                allow_loopback,
            ))
            .https_only(!allow_loopback)
            .build()?;
        Ok(Self(Arc::new(Inner {
            vapid,
            subject: settings.vapid_subject.clone(),
            allow_loopback,
            client,
            wake: Notify::new(),
        })))
    }

    /// The public key browsers subscribe with (base64url, uncompressed point).
    pub fn public_key(&self) -> &str {
        self.0.vapid.public_key()
    }

    /// Whether loopback endpoints are accepted (`--push-allow-loopback`, tests only).
    pub fn allow_loopback(&self) -> bool {
        self.0.allow_loopback
    }

    /// Tells the drainer that rows were queued: call after committing `enqueue`'s transaction.
    /// Never waits.
    pub fn wake(&self) {
        self.0.wake.notify_one();
    }

    /// The drainer: a pass at start (rows left by a restart), then one whenever woken, when
    /// the next retry is due, or every `POLL`; until aborted.
    pub async fn run(self, db: Db, clock: Clock) {
        crate::platform::outbox::drive(
            "push",
            &self.0.wake,
            &clock,
            POLL,
            || self.drain(&db, &clock),
            || store::next_due(&db),
        )
        .await;
    }

    /// Sends every row due by `clock` now, a batch at a time, until none is due.
    pub async fn drain(&self, db: &Db, clock: &Clock) -> Result<(), sqlx::Error> {
        loop {
            let now = clock.now_ms();
            let batch = store::claim_due(db, now, now + LEASE_MS, BATCH).await?;
            if batch.is_empty() {
                return Ok(());
            }
            let mut sends = JoinSet::new();
            for row in batch {
                let (push, db, clock) = (self.clone(), db.clone(), clock.clone());
                sends.spawn(async move { push.deliver(&db, &clock, row).await });
            }
            while let Some(done) = sends.join_next().await {
                match done {
                    Ok(Ok(())) => {}
                    Ok(Err(err)) => tracing::warn!(error = %err, "recording a push failed"),
                    Err(err) => tracing::warn!(error = %err, "a push task failed"),
                }
            }
        }
    }

    /// Sends one claimed row and records what became of it.
    async fn deliver(&self, db: &Db, clock: &Clock, row: Claimed) -> Result<(), sqlx::Error> {
        let Some(subscription) = store::subscription(db, row.subscription_id).await? else {
            return store::delete_row(db, row.id).await;
        };
        match self.send(&subscription, &row.payload).await {
            Outcome::Delivered | Outcome::Dropped => store::delete_row(db, row.id).await,
            Outcome::Gone => store::delete_subscription(db, subscription.id).await,
            Outcome::Retry => {
                let attempts = row.attempts + 1;
                if attempts >= MAX_ATTEMPTS {
                    tracing::warn!(
                        subscription = subscription.id,
                        attempts,
                        "a push was given up after its last attempt"
                    );
                    return store::delete_row(db, row.id).await;
                }
                let at = clock.now_ms() + retry_delay_ms(row.attempts);
                store::retry_row(db, row.id, attempts, at).await
            }
        }
    }

    /// Encrypts, signs and POSTs one push.
    async fn send(&self, subscription: &Subscription, payload: &str) -> Outcome {
        let inner = &self.0;
        // A literal address is checked here; a name by the client's resolver when it connects.
        let url = match guard::check_url(&subscription.endpoint, inner.allow_loopback) {
            Ok(url) => url,
            Err(refused) => {
                tracing::warn!(subscription = subscription.id, %refused, "a push endpoint is no longer allowed");
                return Outcome::Dropped;
            }
        };
        let info = SubscriptionInfo::new(
            subscription.endpoint.as_str(),
            subscription.p256dh.as_str(),
            subscription.auth.as_str(),
        );
        let message = match self.message(&info, &url, payload) {
            Ok(message) => message,
            Err(err) => {
                tracing::warn!(subscription = subscription.id, error = %err, "a push could not be encrypted or signed");
                return Outcome::Dropped;
            }
        };
        let Some(body) = message.payload else {
            return Outcome::Dropped;
        };
        let mut request = inner
            .client
            .post(url)
            .header("TTL", message.ttl.to_string())
            .header("Content-Encoding", body.content_encoding.to_str())
            .header("Content-Type", "application/octet-stream");
        for (name, value) in &body.crypto_headers {
            request = request.header(*name, value.as_str());
        }
        let status = match request.body(body.content).send().await {
            Ok(response) => response.status(),
            Err(err) => {
                tracing::info!(subscription = subscription.id, error = %err, "a push service was not reached");
                return Outcome::Retry;
            }
        };
        outcome(status.as_u16())
    }

    /// The encrypted, signed message: the JWT's audience is the endpoint's origin, its subject
    /// the operator's contact.
    fn message(
        &self,
        info: &SubscriptionInfo,
        url: &url::Url,
        payload: &str,
    ) -> Result<web_push::WebPushMessage, web_push::WebPushError> {
        let origin = url.origin().ascii_serialization();
        let mut signature = self.0.vapid.signer().add_sub_info(info);
        signature.add_claim("aud", origin.as_str());
        signature.add_claim("sub", self.0.subject.as_str());
        let mut message = WebPushMessageBuilder::new(info);
        message.set_ttl(TTL_SECONDS);
        message.set_vapid_signature(signature.build()?);
        message.set_payload(ContentEncoding::Aes128Gcm, payload.as_bytes());
        message.build()
    }
}

/// What a push service's status means for the push.
fn outcome(status: u16) -> Outcome {
    match status {
        200..=299 => Outcome::Delivered,
        404 | 410 => Outcome::Gone,
        408 | 429 | 500..=599 => Outcome::Retry,
        _ => Outcome::Dropped,
    }
}

/// The wait before retrying a row that failed `attempts` times before: 30 s, 60 s, 120 s …
fn retry_delay_ms(attempts: i64) -> i64 {
    RETRY_AFTER_MS << attempts.clamp(0, 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn payload(text: &str) -> PushPayload {
        PushPayload {
            title: None,
            text: text.to_owned(),
            actors: vec!["leo".to_owned()],
            url: "/p/1".to_owned(),
            tag: None,
        }
    }

    #[test]
    fn push_services_answers_decide_the_rows_fate() {
        assert_eq!(outcome(201), Outcome::Delivered);
        assert_eq!(outcome(200), Outcome::Delivered);
        assert_eq!(outcome(404), Outcome::Gone);
        assert_eq!(outcome(410), Outcome::Gone);
        assert_eq!(outcome(500), Outcome::Retry);
        assert_eq!(outcome(503), Outcome::Retry);
        assert_eq!(outcome(429), Outcome::Retry);
        assert_eq!(outcome(400), Outcome::Dropped);
        assert_eq!(outcome(413), Outcome::Dropped);
        assert_eq!(outcome(301), Outcome::Dropped);
    }

    #[test]
    fn retries_back_off_doubling_from_thirty_seconds() {
        assert_eq!(retry_delay_ms(0), 30_000);
        assert_eq!(retry_delay_ms(1), 60_000);
        assert_eq!(retry_delay_ms(3), 240_000);
    }

    #[test]
    fn a_short_payload_is_sent_as_it_is() {
        let json = fit(&payload("leo liked your post")).unwrap();
        let back: PushPayload = serde_json::from_str(&json).unwrap();
        assert_eq!(back, payload("leo liked your post"));
        assert!(
            !json.contains("title"),
            "absent fields are left out: {json}"
        );
    }

    #[test]
    fn a_long_text_is_shortened_to_fit_a_push() {
        let long = "🎨".repeat(5000);
        let json = fit(&payload(&long)).unwrap();
        assert!(json.len() <= PAYLOAD_MAX);
        let back: PushPayload = serde_json::from_str(&json).unwrap();
        assert!(back.text.ends_with('…'));
        assert_eq!(back.url, "/p/1");
    }
}
