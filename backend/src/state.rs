//! What every handler can reach. Cheap to clone: one `Arc`. axum clones the state for every
//! request it routes, so it is a single reference count, not one per field.

use std::ops::Deref;
use std::sync::Arc;

use crate::auth::password::PasswordHasher;
use crate::auth::rate_limit::{
    AdLimits, AuthRateLimits, CanvasLimits, ContentLimits, ContentQuotas,
};
use crate::clock::Clock;
use crate::config::Settings;
use crate::db::Db;
use crate::media::Media;
use crate::metrics::Metrics;
use crate::payments::{self, Payments};
use crate::push::Push;
use crate::realtime::Realtime;
use crate::realtime::ice::IceConfig;

#[derive(Clone)]
pub struct AppState(Arc<Shared>);

pub struct Shared {
    pub db: Db,
    /// `settings.public_url()`, resolved once: the Origin state-changing requests must carry.
    pub public_url: Arc<str>,
    /// Cookies carry `Secure` (the site is served over https).
    pub secure_cookies: bool,
    pub hasher: PasswordHasher,
    pub auth_limits: AuthRateLimits,
    /// What each user may publish, comment, message, follow and report (issue 20).
    pub content_limits: ContentLimits,
    /// Strokes and cursor moves a second in canvas rooms (issue 25).
    pub canvas_limits: CanvasLimits,
    /// Ad impressions and clicks a minute per client address (issue 39).
    pub ad_limits: AdLimits,
    pub metrics: Metrics,
    /// The media store and the image pipeline in front of it.
    pub media: Media,
    /// The time of story expiry, ads' dates and click window, trending and post times.
    pub clock: Clock,
    /// Socket delivery and presence.
    pub realtime: Realtime,
    /// The ICE servers calls use (STUN, and TURN when configured).
    pub ice: IceConfig,
    /// Orders charge through this (the built-in test provider: always succeeds, no network).
    pub payments: Payments,
    /// What the platform keeps of each sale and tip, in percent (`--platform-fee-percent`).
    pub platform_fee_percent: u8,
    /// Web Push: the VAPID key, the endpoint guard's setting, and the outbox drainer's wake.
    pub push: Push,
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
    ) -> Self {
        let auth_limits =
            AuthRateLimits::new(settings.auth_limit_per_ip, settings.auth_limit_per_account);
        Self(Arc::new(Shared {
            db,
            public_url: settings.public_url().into(),
            secure_cookies: settings.secure_cookies(),
            hasher: PasswordHasher::default(),
            auth_limits,
            content_limits: ContentLimits::new((!settings.no_content_limits).then_some(
                ContentQuotas {
                    publish_per_hour: settings.limit_posts_per_hour,
                    comments_per_10_minutes: settings.limit_comments_per_10_min,
                    messages_per_10_seconds: settings.limit_messages_per_10_s,
                    follows_per_hour: settings.limit_follows_per_hour,
                    reports_per_hour: settings.limit_reports_per_hour,
                },
            )),
            canvas_limits: CanvasLimits::default(),
            ad_limits: AdLimits::new(settings.limit_ad_interactions_per_min),
            metrics: Metrics::new(),
            media,
            clock,
            realtime,
            ice: IceConfig::new(
                settings.turn_url.as_deref(),
                settings.turn_secret.as_deref(),
            ),
            payments: payments::test_provider(),
            platform_fee_percent: settings.platform_fee_percent,
            push,
        }))
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
