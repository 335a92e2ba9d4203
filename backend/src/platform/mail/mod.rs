//! Mail (issue 41, docs/accounts-contract.md): one-time links and notices to an account's
//! address. A handler queues a `Letter` with `enqueue` in its own transaction (so the mail
//! commits, or not, with the act that caused it) and calls `Mail::wake` after committing; the
//! drainer (`Mail::run`, beside the other background jobs) sends the due rows through SMTP
//! (lettre: `--smtp-url`, STARTTLS or implicit TLS) or, by default, writes each as an `.eml` file
//! under `--mail-dir` and logs its subject and link. A transient failure is retried with a
//! doubling wait; an address whose server refused for good (a 5xx) is not mailed again.
//! Nothing a request waits on talks to a mail server, and queued rows outlive a restart.

pub mod store;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use lettre::message::{Mailbox, MultiPart};
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use tokio::sync::Notify;

use crate::platform::clock::Clock;
use crate::platform::config::Settings;
use crate::platform::db::{Db, Tx};

/// Messages claimed and sent together by one pass (one after another: one SMTP connection).
const BATCH: i64 = 16;
/// A claimed row is not taken by another drainer for this long; if its sender died, it is due
/// again after it.
const LEASE_MS: i64 = 120_000;
/// Attempts before a message is given up (the waits add up to about two hours).
pub const MAX_ATTEMPTS: i64 = 8;
/// The wait before the first retry; each further retry waits twice as long.
pub const RETRY_AFTER_MS: i64 = 30_000;
/// The longest the drainer sleeps without a wake (rows queued by another instance).
const POLL: Duration = Duration::from_secs(60);
/// How long one SMTP exchange may take.
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);

/// A message to one address: plain text and simple HTML, and the one link it carries (logged
/// when mail goes to the folder; empty for a notice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    pub link: String,
}

/// Queues `letter` in the caller's transaction; call `Mail::wake` after the commit. An address
/// that refused mail for good is skipped (answers false).
pub async fn enqueue(tx: &mut Tx, letter: &Letter, now: i64) -> Result<bool, sqlx::Error> {
    store::enqueue(
        tx,
        &letter.to,
        &letter.subject,
        &letter.text,
        &letter.html,
        &letter.link,
        now,
    )
    .await
}

/// Where mail goes.
enum Transport {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    /// One `.eml` file per message in this folder (the embedded default).
    Folder {
        files: AsyncFileTransport<Tokio1Executor>,
        dir: PathBuf,
    },
}

/// The sender and its outbox drainer. Cheap to clone.
#[derive(Clone)]
pub struct Mail(Arc<Inner>);

struct Inner {
    from: Mailbox,
    transport: Transport,
    wake: Notify,
}

/// What became of one send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Sent,
    /// The server refused the address for good (a 5xx): it is not mailed again.
    Refused,
    /// Worth another try (a 4xx, a connection that failed, a folder not writable).
    Retry,
    /// Never sendable as it is (an address lettre cannot parse): dropped.
    Dropped,
}

impl Mail {
    /// The sender `settings` describe: SMTP when `--smtp-url` is set, else the mail folder.
    pub fn start(settings: &Settings) -> anyhow::Result<Self> {
        let from: Mailbox = match &settings.mail_from {
            Some(from) => from
                .parse()
                .with_context(|| format!("--mail-from '{from}' is not an address"))?,
            None => default_from(&settings.public_url())?,
        };
        let transport = match &settings.smtp_url {
            Some(url) => Transport::Smtp(
                AsyncSmtpTransport::<Tokio1Executor>::from_url(&lettre_url(url)?)
                    .context("--smtp-url")?
                    .timeout(Some(SMTP_TIMEOUT))
                    .build(),
            ),
            None => {
                let dir = PathBuf::from(&settings.mail_dir);
                Transport::Folder {
                    files: AsyncFileTransport::<Tokio1Executor>::new(&dir),
                    dir,
                }
            }
        };
        Ok(Self(Arc::new(Inner {
            from,
            transport,
            wake: Notify::new(),
        })))
    }

    /// Tells the drainer that rows were queued: call after committing `enqueue`'s transaction.
    pub fn wake(&self) {
        self.0.wake.notify_one();
    }

    /// The drainer: a pass at start (rows left by a restart), then one whenever woken, when the
    /// next retry is due, or every `POLL`; until aborted.
    pub async fn run(self, db: Db, clock: Clock) {
        crate::platform::outbox::drive(
            "mail",
            &self.0.wake,
            &clock,
            POLL,
            || self.drain(&db, &clock),
            || store::next_due(&db),
        )
        .await;
    }

    /// Sends every message due by `clock` now, a batch at a time, until none is due.
    pub async fn drain(&self, db: &Db, clock: &Clock) -> Result<(), sqlx::Error> {
        loop {
            let now = clock.now_ms();
            let batch = store::claim_due(db, now, now + LEASE_MS, BATCH).await?;
            if batch.is_empty() {
                return Ok(());
            }
            for row in batch {
                let outcome = self.send(&row).await;
                match outcome {
                    Outcome::Sent | Outcome::Dropped => store::delete(db, row.id).await?,
                    Outcome::Refused => {
                        store::suppress(db, &row.to_address, "refused", clock.now_ms()).await?
                    }
                    Outcome::Retry => {
                        let attempts = row.attempts + 1;
                        if attempts >= MAX_ATTEMPTS {
                            tracing::warn!(
                                mail = row.id,
                                attempts,
                                "a mail was given up after its last attempt"
                            );
                            store::delete(db, row.id).await?;
                        } else {
                            let at = clock.now_ms() + retry_delay_ms(row.attempts);
                            store::retry(db, row.id, attempts, at).await?;
                        }
                    }
                }
            }
        }
    }

    /// Builds and sends one message.
    async fn send(&self, row: &store::Queued) -> Outcome {
        let inner = &self.0;
        let to: Mailbox = match row.to_address.parse() {
            Ok(to) => to,
            Err(err) => {
                tracing::warn!(mail = row.id, error = %err, "a mail's address does not parse");
                return Outcome::Dropped;
            }
        };
        let message = Message::builder()
            .from(inner.from.clone())
            .to(to)
            .subject(row.subject.as_str())
            .multipart(MultiPart::alternative_plain_html(
                row.text_body.clone(),
                row.html_body.clone(),
            ));
        let message = match message {
            Ok(message) => message,
            Err(err) => {
                tracing::warn!(mail = row.id, error = %err, "a mail could not be built");
                return Outcome::Dropped;
            }
        };
        match &inner.transport {
            Transport::Smtp(smtp) => match smtp.send(message).await {
                Ok(_) => {
                    tracing::info!(mail = row.id, subject = %row.subject, "mail sent");
                    Outcome::Sent
                }
                Err(err) if err.is_permanent() => {
                    tracing::warn!(mail = row.id, error = %err, "the mail server refused an address for good");
                    Outcome::Refused
                }
                Err(err) => {
                    tracing::info!(mail = row.id, error = %err, "the mail server was not reached or asked to retry");
                    Outcome::Retry
                }
            },
            Transport::Folder { files, dir } => {
                if let Err(err) = tokio::fs::create_dir_all(dir).await {
                    tracing::warn!(dir = %dir.display(), error = %err, "the mail folder cannot be made");
                    return Outcome::Retry;
                }
                match files.send(message).await {
                    Ok(id) => {
                        tracing::info!(
                            file = %dir.join(format!("{id}.eml")).display(),
                            subject = %row.subject,
                            link = %row.link,
                            "mail written to the folder"
                        );
                        Outcome::Sent
                    }
                    Err(err) => {
                        tracing::warn!(error = %err, "writing a mail to the folder failed");
                        Outcome::Retry
                    }
                }
            }
        }
    }
}

/// `Atelier <no-reply@{public host}>`; a public URL on an address rather than a name (the demo
/// on 127.0.0.1) gives `no-reply@localhost` (lettre takes no address literal as a domain).
fn default_from(public_url: &str) -> anyhow::Result<Mailbox> {
    let url = url::Url::parse(public_url).context("the public URL")?;
    let host = match url.host() {
        Some(url::Host::Domain(domain)) => domain.to_owned(),
        _ => "localhost".to_owned(),
    };
    format!("Atelier <no-reply@{host}>")
        .parse()
        .with_context(|| format!("no sender address can be made of the public host '{host}'"))
}

/// `--smtp-url` as lettre reads it: `smtp://` means STARTTLS required (lettre's plain `smtp://`
/// would send in the clear) unless the URL says `?tls=none` (a local relay or a test server) or
/// another `tls=`; `smtps://` is implicit TLS.
fn lettre_url(url: &str) -> anyhow::Result<String> {
    let mut parsed = url::Url::parse(url).context("--smtp-url is not a URL")?;
    if parsed.scheme() != "smtp" {
        return Ok(url.to_owned());
    }
    let tls = parsed
        .query_pairs()
        .find(|(name, _)| name == "tls")
        .map(|(_, value)| value.into_owned());
    let others: Vec<(String, String)> = parsed
        .query_pairs()
        .filter(|(name, _)| name != "tls")
        .map(|(name, value)| (name.into_owned(), value.into_owned()))
        .collect();
    parsed.set_query(None);
    {
        let mut query = parsed.query_pairs_mut();
        for (name, value) in &others {
            query.append_pair(name, value);
        }
        match tls.as_deref() {
            None => {
                query.append_pair("tls", "required");
            }
            Some("none") => {}
            Some(other) => {
                query.append_pair("tls", other);
            }
        }
    }
    let mut text = parsed.to_string();
    if text.ends_with('?') {
        text.pop();
    }
    Ok(text)
}

/// The wait before retrying a message that failed `attempts` times before: 30 s, 60 s, 120 s …
fn retry_delay_ms(attempts: i64) -> i64 {
    RETRY_AFTER_MS << attempts.clamp(0, 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_smtp_urls_require_starttls_unless_they_say_tls_none() {
        assert_eq!(
            lettre_url("smtp://user:pass@mail.example.com:587").unwrap(),
            "smtp://user:pass@mail.example.com:587?tls=required"
        );
        assert_eq!(
            lettre_url("smtp://127.0.0.1:2525?tls=none").unwrap(),
            "smtp://127.0.0.1:2525"
        );
        assert_eq!(
            lettre_url("smtp://h:25?tls=opportunistic").unwrap(),
            "smtp://h:25?tls=opportunistic"
        );
        assert_eq!(
            lettre_url("smtps://u:p@mail.example.com").unwrap(),
            "smtps://u:p@mail.example.com"
        );
    }

    #[test]
    fn the_default_sender_is_no_reply_at_the_public_host() {
        assert_eq!(
            default_from("https://atelier.example.com")
                .unwrap()
                .to_string(),
            "Atelier <no-reply@atelier.example.com>"
        );
        assert_eq!(
            default_from("http://127.0.0.1:8080")
                .unwrap()
                .email
                .to_string(),
            "no-reply@localhost"
        );
    }

    #[test]
    fn retries_back_off_doubling_from_thirty_seconds() {
        assert_eq!(retry_delay_ms(0), 30_000);
        assert_eq!(retry_delay_ms(2), 120_000);
    }
}
