//! Building and running the application. `main` and the tests go through the same code:
//! `Application::build` connects and migrates, `run_until` serves until the shutdown future
//! resolves, then lets in-flight requests finish.

pub mod api;
pub mod clean_text_doc;
pub mod router;
pub mod transcripts;

use std::future::Future;
use std::net::SocketAddr;
use std::time::Duration;

use anyhow::Context;
use tokio::net::TcpListener;

use crate::ads::store;
use crate::calls::signalling;
use crate::identity::store::sessions;
use crate::platform::clock::Clock;
use crate::platform::config::Settings;
use crate::platform::db::Db;
use crate::platform::federate::Federator;
use crate::platform::http::serve;
use crate::platform::http::serve::{Serving, Timeouts};
use crate::platform::mail::Mail;
use crate::platform::media::Media;
use crate::platform::push::Push;
use crate::platform::realtime;
use crate::platform::realtime::Realtime;
use crate::platform::state::AppState;
use crate::social::store::stories;

pub struct Application {
    listener: TcpListener,
    state: AppState,
    /// How long a connection may take over its headers, a request body and its idleness.
    serving: Serving,
}

impl Application {
    /// Connects to the database, applies migrations and binds the listen address
    /// (port 0 picks a free port; see `local_addr`).
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        let media = Media::open(&settings.media_store)?;
        Self::build_with_media(settings, media).await
    }

    /// Like `build`, with a media store configured by the caller (tests point it at a local
    /// S3 server without touching the process environment).
    pub async fn build_with_media(settings: Settings, media: Media) -> anyhow::Result<Self> {
        Self::build_with(settings, media, Clock::System).await
    }

    /// Like `build_with_media`, with the clock of the time rules given (tests pass a manual
    /// clock and move it forward instead of sleeping).
    pub async fn build_with(
        settings: Settings,
        media: Media,
        clock: Clock,
    ) -> anyhow::Result<Self> {
        let payments = payments_from(&settings)?;
        let db = Db::connect(&settings.database_url).await?;
        migrate(&db).await?;
        let media = media
            .with_quota_mb(settings.media_quota_mb)
            .with_fetch_allow_loopback(settings.fetch_allow_loopback);
        if settings.fetch_allow_loopback {
            tracing::warn!(
                "--fetch-allow-loopback is on: images given as a URL may be fetched from this \
                 machine (for tests only)"
            );
        }
        let listener = TcpListener::bind(settings.listen)
            .await
            .with_context(|| format!("listening on {}", settings.listen))?;
        // Without a public URL, the site is where it listens (port 0: the port it was given).
        let mut settings = settings;
        if settings.public_url.is_none() {
            settings.public_url = Some(format!("http://{}", listener.local_addr()?));
        }
        let realtime =
            Realtime::start(settings.redis_url.as_deref(), &settings.redis_prefix).await?;
        let push = Push::start(&settings, &db).await?;
        let mail = Mail::start(&settings)?;
        let serving = Serving {
            timeouts: Timeouts {
                header: Duration::from_secs(settings.header_timeout_secs),
                body: Duration::from_secs(settings.body_timeout_secs),
                idle: Duration::from_secs(settings.keep_alive_timeout_secs),
            },
            trusted_proxies: settings.trusted_proxies.clone().into(),
            probe_policy: crate::platform::http::security_headers::CONTENT_SECURITY_POLICY,
        };
        let mut state = AppState::new(
            &settings,
            db.clone(),
            media,
            clock.clone(),
            realtime,
            push,
            mail,
        )
        .with_payments(payments);
        if settings.federation_on() {
            let sender = crate::federation::Sender::new(&settings, db, clock)?;
            state = state.with_federation(Federator::new(std::sync::Arc::new(sender)));
        }
        Ok(Self {
            listener,
            state,
            serving,
        })
    }

    /// Charges orders through `payments` instead of the built-in test provider (a real one, or
    /// a test's declining one). Call before `run_until`.
    pub fn with_payments(mut self, payments: crate::platform::payments::Payments) -> Self {
        self.state = self.state.with_payments(payments);
        self
    }

    /// The clock of the time rules (a manual one can be advanced from outside).
    pub fn clock(&self) -> Clock {
        self.state.clock.clone()
    }

    /// The database pool the application uses.
    pub fn db(&self) -> Db {
        self.state.db.clone()
    }

    /// Its background jobs, for running a pass on demand (tests, after moving the clock).
    pub fn jobs(&self) -> Jobs {
        Jobs {
            state: self.state.clone(),
        }
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    /// Serves until `shutdown` resolves; in-flight requests are finished before returning.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let jobs = self.jobs();
        let Self {
            listener,
            state,
            serving,
        } = self;
        let housekeeping = tokio::spawn(housekeeping(jobs.clone()));
        let scheduled = tokio::spawn(scheduled_posts(jobs.clone()));
        // Web Push's outbox: a pass now (rows a restart left), then whenever woken.
        let push = tokio::spawn(
            state
                .push
                .clone()
                .run(state.db.clone(), state.clock.clone()),
        );
        // Mail's outbox likewise.
        let mail = tokio::spawn(
            state
                .mail
                .clone()
                .run(state.db.clone(), state.clock.clone()),
        );
        // Federation's delivery outbox likewise, while federation is on.
        let federation = state
            .federation
            .receiver::<crate::federation::Sender>()
            .map(|sender| tokio::spawn(sender.clone().run(state.db.clone(), state.clock.clone())));
        // Transcripts of voice (issue 47), while a model is configured.
        let transcripts = state.transcriber.clone().map(|transcriber| {
            let areas = std::sync::Arc::new(transcripts::Areas);
            tokio::spawn(crate::platform::transcribe::run(
                transcriber,
                state.clone(),
                areas,
            ))
        });
        let heartbeat = state
            .realtime
            .cluster()
            .is_some()
            .then(|| tokio::spawn(cluster_heartbeat(jobs)));
        let db = state.db.clone();
        let hub = state.realtime.hub.clone();
        let sockets = hub.clone();
        let serving = Serving {
            probe_policy: router::security_headers_of(&state).policy(),
            ..serving
        };
        serve::serve(listener, router::router(state), serving, async move {
            shutdown.await;
            // Upgraded sockets are not requests in flight: tell them to go (1001).
            hub.close_all();
        })
        .await;
        // Their tasks still store lastSeen and tell contacts: the database stays open for them.
        if !sockets.finished(SOCKETS_FINISH_WITHIN).await {
            tracing::warn!("socket tasks still running at shutdown; closing the database anyway");
        }
        housekeeping.abort();
        scheduled.abort();
        // A push cut short stays in the outbox, sent again when its lease runs out.
        push.abort();
        mail.abort();
        if let Some(federation) = federation {
            federation.abort();
        }
        if let Some(transcripts) = transcripts {
            transcripts.abort();
        }
        if let Some(heartbeat) = heartbeat {
            heartbeat.abort();
        }
        db.pool.close().await;
        Ok(())
    }
}

/// How long shutdown waits for the closed sockets' presence writes (one short write each).
const SOCKETS_FINISH_WITHIN: Duration = Duration::from_secs(10);

/// How often idle rate-limit keys, expired sessions and stories, and old ad clicks are swept.
const HOUSEKEEPING_EVERY: Duration = Duration::from_secs(60);

/// A draft not scheduled, or a reel draft, untouched this long is removed (issue 44).
const DRAFTS_KEPT_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// How often the scheduled posts due are published: each within 30 s of its time (issue 44).
const SCHEDULED_EVERY: Duration = Duration::from_secs(10);

/// Scheduled posts every `SCHEDULED_EVERY`, until aborted.
async fn scheduled_posts(jobs: Jobs) {
    let mut tick = tokio::time::interval(SCHEDULED_EVERY);
    loop {
        tick.tick().await;
        jobs.publish_scheduled().await;
    }
}

/// Housekeeping at start-up and every `HOUSEKEEPING_EVERY`, until aborted.
async fn housekeeping(jobs: Jobs) {
    let mut tick = tokio::time::interval(HOUSEKEEPING_EVERY);
    loop {
        tick.tick().await;
        jobs.housekeeping().await;
    }
}

/// With Redis: the heartbeat every `HEARTBEAT_EVERY`, until aborted.
async fn cluster_heartbeat(jobs: Jobs) {
    let mut tick = tokio::time::interval(realtime::cluster::HEARTBEAT_EVERY);
    loop {
        tick.tick().await;
        jobs.heartbeat().await;
    }
}

/// The application's background jobs. `run_until` runs each on its interval; a test runs a
/// pass itself after moving the manual clock (the intervals are real time, not the clock's).
#[derive(Clone)]
pub struct Jobs {
    state: AppState,
}

impl Jobs {
    /// One housekeeping pass: idle rate-limit keys, expired sessions, expired stories and old
    /// ad clicks (by the app's clock), checkouts whose 15 minutes ran out (their stock goes
    /// back), Stripe tips never paid within the hour, and calls that nothing can end any more (their sockets'
    /// instances are gone, or they rang too long by the app's clock), and drafts of posts (not
    /// scheduled) and of reels untouched for 30 days. Errors are logged; the next pass tries
    /// again.
    pub async fn housekeeping(&self) {
        let state = &self.state;
        state.limits.forget_idle();
        state.canvas_limits.forget_idle();
        if let Err(err) = sessions::delete_expired(&state.db).await {
            tracing::warn!(error = %err, "sweeping expired sessions failed");
        }
        if let Err(err) = crate::identity::sweep_expired(&state.db, state.clock.now_ms()).await {
            tracing::warn!(error = %err, "sweeping expired links and sign-in challenges failed");
        }
        if let Err(err) = sweep(&state.db, &state.clock).await {
            tracing::warn!(error = %err, "sweeping expired stories and old ad clicks failed");
        }
        if let Err(err) = crate::economy::checkouts::release_timed_out(state).await {
            tracing::warn!(error = %err, "releasing the stock of timed-out checkouts failed");
        }
        if let Err(err) = crate::economy::service::give_up_abandoned_tips(state).await {
            tracing::warn!(error = %err, "giving up abandoned Stripe tips failed");
        }
        if let Err(err) = signalling::sweep(state).await {
            tracing::warn!(error = %err, "ending calls whose sockets are gone failed");
        }
        let stale = state.clock.now_ms() - DRAFTS_KEPT_MS;
        if let Err(err) = crate::social::store::drafts::remove_stale(&state.db, stale).await {
            tracing::warn!(error = %err, "removing drafts untouched for 30 days failed");
        }
        if let Err(err) = crate::social::store::reel_drafts::remove_stale(&state.db, stale).await {
            tracing::warn!(error = %err, "removing reel drafts untouched for 30 days failed");
        }
    }

    /// One pass of the scheduled posts now (issue 44), by the app's clock: every due one goes
    /// out; answers how many.
    pub async fn publish_scheduled(&self) -> usize {
        crate::social::scheduled::publish_due(&self.state).await
    }

    /// Tells the push drainer rows were queued (as a handler does after `push::enqueue`).
    pub fn wake_push(&self) {
        self.state.push.wake();
    }

    /// One pass of the push outbox now, by the app's clock: every due row is sent (tests, after
    /// moving the clock past a retry's wait).
    pub async fn drain_push(&self) -> Result<(), sqlx::Error> {
        self.state
            .push
            .drain(&self.state.db, &self.state.clock)
            .await
    }

    /// Tells the mail drainer rows were queued (as a handler does after `mail::enqueue`).
    pub fn wake_mail(&self) {
        self.state.mail.wake();
    }

    /// One pass of the mail outbox now, by the app's clock: every due message is sent (tests,
    /// after moving the clock past a retry's wait).
    pub async fn drain_mail(&self) -> Result<(), sqlx::Error> {
        self.state
            .mail
            .drain(&self.state.db, &self.state.clock)
            .await
    }

    /// One pass of federation's delivery outbox now, by the app's clock (tests, after moving
    /// the clock past a retry's wait); nothing while federation is off.
    pub async fn drain_federation(&self) -> Result<(), sqlx::Error> {
        match self
            .state
            .federation
            .receiver::<crate::federation::Sender>()
        {
            Some(sender) => sender.drain(&self.state.db, &self.state.clock).await,
            None => Ok(()),
        }
    }

    /// One heartbeat (with Redis; nothing without): renews this instance's key, and announces
    /// the users of instances that died as offline (their lastSeen stored, their contacts told).
    pub async fn heartbeat(&self) {
        let state = &self.state;
        let Some(cluster) = state.realtime.cluster() else {
            return;
        };
        match cluster.heartbeat().await {
            Ok(offline) => {
                for user in offline {
                    crate::chat::announce_presence(state, user, false).await;
                }
            }
            Err(err) => tracing::warn!(error = %err, "the Redis heartbeat failed"),
        }
    }
}

/// Deletes expired stories (with their views) and ad clicks past the dedupe window, by
/// `clock`'s time; answers how many stories went. Housekeeping runs it every minute; tests
/// call it directly.
pub async fn sweep(db: &Db, clock: &Clock) -> Result<u64, sqlx::Error> {
    let now = clock.now_ms();
    let stories = stories::delete_expired(db, now).await?;
    store::forget_old_clicks(db, now).await?;
    Ok(stories)
}

/// Resolves on SIGINT (Ctrl-C) or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        tokio::signal::ctrl_c()
            .await
            .expect("installing the Ctrl-C handler");
    };
    #[cfg(unix)]
    let terminate = async {
        tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
            .expect("installing the SIGTERM handler")
            .recv()
            .await;
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing in-flight requests");
}

/// The database brought up to date: its backend's migrations, then what SQL cannot write alike
/// on both backends (the tags and search words of posts older than migration 0018; a lookup
/// when there are none left).
pub async fn migrate(db: &Db) -> anyhow::Result<()> {
    db.migrate().await?;
    let indexed = crate::social::store::tags::backfill(db)
        .await
        .context("indexing the tags and words of earlier posts")?;
    if indexed > 0 {
        tracing::info!(indexed, "indexed the tags and words of earlier posts");
    }
    Ok(())
}

/// The provider the settings choose: Stripe when a secret key is set (the settings checked by
/// `Settings::check_stripe`), the test provider otherwise.
fn payments_from(settings: &Settings) -> anyhow::Result<crate::platform::payments::Payments> {
    settings.check_stripe().map_err(anyhow::Error::msg)?;
    match (
        settings.stripe_secret_key.as_deref(),
        settings.stripe_webhook_secret.as_deref(),
    ) {
        (Some(secret), Some(webhook)) => Ok(std::sync::Arc::new(
            crate::platform::payments::stripe::StripeProvider::new(
                secret,
                webhook,
                &settings.stripe_api_base,
            )?,
        )),
        _ => Ok(crate::platform::payments::test_provider()),
    }
}
