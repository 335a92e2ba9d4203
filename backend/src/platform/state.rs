//! What every handler can reach. Cheap to clone: one `Arc`. axum clones the state for every
//! request it routes, so it is a single reference count, not one per field.

use std::ops::Deref;
use std::sync::Arc;

use crate::platform::password::PasswordHasher;
use std::time::Duration;

use crate::platform::clock::Clock;
use crate::platform::config::Settings;
use crate::platform::db::Db;
use crate::platform::federate::Federator;
use crate::platform::fragments::Fragments;
use crate::platform::limits::{
    ACCOUNT_MAILS_PER_HOUR, Allowance, CALLS_PER_MINUTE, CanvasLimits, Limits, Quotas,
};
use crate::platform::mail::Mail;
use crate::platform::media::Media;
use crate::platform::metrics::Metrics;
use crate::platform::payments;
use crate::platform::payments::Payments;
use crate::platform::push::Push;
use crate::platform::realtime::Realtime;
use crate::platform::realtime::ice::IceConfig;

#[derive(Clone)]
pub struct AppState(Arc<Shared>);

pub struct Shared {
    pub db: Db,
    /// `settings.public_url()`, resolved once: the Origin state-changing requests must carry.
    pub public_url: Arc<str>,
    /// Cookies carry `Secure` (the site is served over https).
    pub secure_cookies: bool,
    pub hasher: PasswordHasher,
    /// Every allowance: sign-in attempts, what each user may publish, comment, message, follow
    /// and report, and the calls they place (issues 20 and 39); shared by the instances through
    /// Redis when it is configured.
    pub limits: Limits,
    /// Strokes and cursor moves a second in canvas rooms (issue 25).
    pub canvas_limits: CanvasLimits,
    pub metrics: Metrics,
    /// The media store and the image pipeline in front of it.
    pub media: Media,
    /// The time of story expiry, ads' dates and click window, trending and post times.
    pub clock: Clock,
    /// Socket delivery and presence.
    pub realtime: Realtime,
    /// The ICE servers calls use (STUN, and TURN when configured).
    pub ice: IceConfig,
    /// Checkouts and tips pay through this: the test provider, or Stripe (`--stripe-secret-key`).
    pub payments: Payments,
    /// Stripe's publishable key (`--stripe-publishable-key`), answered by the payments config
    /// while Stripe is the provider.
    pub stripe_publishable_key: Option<Arc<str>>,
    /// What the platform keeps of each sale and tip, in percent (`--platform-fee-percent`).
    pub platform_fee_percent: u8,
    /// Web Push: the VAPID key, the endpoint guard's setting, and the outbox drainer's wake.
    pub push: Push,
    /// Mail: the sender (SMTP or the mail folder) and its outbox drainer's wake.
    pub mail: Mail,
    /// Viewer-independent parts of answers, by item and revision (a page of posts, issue 45).
    pub fragments: Fragments,
    /// Federation's ear for the areas' acts (issue 46); nobody when federation is off.
    pub federation: Federator,
    /// Transcripts of voice (issue 47): present when `--transcribe-model-dir` is set.
    pub transcriber: Option<crate::platform::transcribe::transcriber::Transcriber>,
}

impl Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    pub fn new(
        settings: &Settings,
        db: Db,
        media: Media,
        clock: Clock,
        realtime: Realtime,
        push: Push,
        mail: Mail,
    ) -> Self {
        let mut limits = Limits::new(quotas(settings));
        if let Some(cluster) = realtime.cluster() {
            limits = limits.shared(cluster.commands(), cluster.prefix());
        }
        Self(Arc::new(Shared {
            db,
            public_url: settings.public_url().into(),
            secure_cookies: settings.secure_cookies(),
            hasher: PasswordHasher::default(),
            limits,
            canvas_limits: CanvasLimits::new(clock.clone()),
            metrics: Metrics::new(),
            media,
            clock,
            realtime,
            ice: IceConfig::new(
                settings.turn_url.as_deref(),
                settings.turn_secret.as_deref(),
            ),
            payments: payments::test_provider(),
            stripe_publishable_key: settings.stripe_publishable_key.as_deref().map(Arc::from),
            platform_fee_percent: settings.platform_fee_percent,
            push,
            mail,
            fragments: Fragments::default(),
            federation: Federator::default(),
            transcriber: settings.transcribe_model_dir.as_ref().map(|model_dir| {
                crate::platform::transcribe::transcriber::Transcriber::new(
                    crate::platform::transcribe::worker::WorkerConfig {
                        python: settings.transcribe_python.clone(),
                        model_dir: model_dir.clone(),
                        threads: settings.transcribe_threads,
                    },
                )
            }),
        }))
    }

    /// The same state with federation's receiver; only while nothing else holds the state.
    pub fn with_federation(mut self, federation: Federator) -> Self {
        Arc::get_mut(&mut self.0)
            .expect("federation is set up before the state is shared")
            .federation = federation;
        self
    }

    /// The same state with another payment provider; only while nothing else holds the state
    /// (when the application is built, before it serves).
    pub fn with_payments(mut self, payments: Payments) -> Self {
        Arc::get_mut(&mut self.0)
            .expect("the payment provider is chosen before the state is shared")
            .payments = payments;
        self
    }
}

/// The allowances the settings give: sign-in always, content unless `--no-content-limits`.
fn quotas(settings: &Settings) -> Quotas {
    const MINUTE: Duration = Duration::from_secs(60);
    const HOUR: Duration = Duration::from_secs(3600);
    let content = |n: u32, window: Duration| {
        (!settings.no_content_limits).then_some(Allowance::new(n, window))
    };
    Quotas {
        sign_in_per_address: Some(Allowance::new(settings.auth_limit_per_ip, MINUTE)),
        sign_in_per_account: Some(Allowance::new(settings.auth_limit_per_account, MINUTE)),
        publish: content(settings.limit_posts_per_hour, HOUR),
        comment: content(settings.limit_comments_per_10_min, Duration::from_secs(600)),
        message: content(settings.limit_messages_per_10_s, Duration::from_secs(10)),
        follow: content(settings.limit_follows_per_hour, HOUR),
        report: content(settings.limit_reports_per_hour, HOUR),
        call: Some(Allowance::new(CALLS_PER_MINUTE, MINUTE)),
        ad_interaction: Some(Allowance::new(
            settings.limit_ad_interactions_per_min,
            MINUTE,
        )),
        account_mail: Some(Allowance::new(ACCOUNT_MAILS_PER_HOUR, HOUR)),
        verify_resend: Some(Allowance::new(1, MINUTE)),
        voice_reaction: content(
            settings.limit_voice_reactions_per_10_min,
            Duration::from_secs(600),
        ),
        edit: content(settings.limit_edits_per_10_min, Duration::from_secs(600)),
    }
}
