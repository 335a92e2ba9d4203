//! Rate limits (governor's keyed GCRA limiters: constant memory per key, no background task):
//! sign-in and sign-up per client IP and per account name, and what a signed-in user may
//! publish, comment, message, follow and report (issue 20); ad interactions per client IP
//! (issue 39). Over a limit the answer is 429 with
//! Retry-After and a message that says which. Limits are configuration so tests and load
//! checks can set them.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;

#[derive(Clone)]
pub struct AuthRateLimits {
    per_ip: Arc<DefaultKeyedRateLimiter<IpAddr>>,
    per_account: Arc<DefaultKeyedRateLimiter<String>>,
}

impl AuthRateLimits {
    /// `per_ip` and `per_account` attempts a minute, each allowed as a burst.
    pub fn new(per_ip: u32, per_account: u32) -> Self {
        let quota = |n: u32| Quota::per_minute(NonZeroU32::new(n.max(1)).expect("n >= 1"));
        Self {
            per_ip: Arc::new(RateLimiter::keyed(quota(per_ip))),
            per_account: Arc::new(RateLimiter::keyed(quota(per_account))),
        }
    }

    /// Counts one attempt from `ip` naming `accounts` (username and/or email, any case).
    pub fn check(&self, ip: IpAddr, accounts: &[&str]) -> Result<(), ApiError> {
        let clock = DefaultClock::default();
        let too_many = |not_until: governor::NotUntil<_>| ApiError::TooManyRequests {
            retry_after_secs: not_until.wait_time_from(clock.now()).as_secs_f64().ceil() as u64,
            message: "Too many attempts. Please wait a moment and try again.",
        };
        self.per_ip.check_key(&ip).map_err(too_many)?;
        for account in accounts
            .iter()
            .map(|a| a.trim().to_lowercase())
            .filter(|a| !a.is_empty())
        {
            self.per_account.check_key(&account).map_err(too_many)?;
        }
        Ok(())
    }

    /// Drops the state of keys whose limits have fully recovered (called periodically).
    pub fn forget_idle(&self) {
        self.per_ip.retain_recent();
        self.per_account.retain_recent();
    }
}

/// What a signed-in user does that has a limit of its own (its discriminant indexes the
/// limiters).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Act {
    /// A post, a reel or a story: one allowance for the three.
    Publish,
    Comment,
    /// A message of any kind: text, media, a voice message, a voicemail, a share into a chat.
    Message,
    Follow,
    Report,
}

impl Act {
    const ALL: [Act; 5] = [
        Act::Publish,
        Act::Comment,
        Act::Message,
        Act::Follow,
        Act::Report,
    ];

    fn message(self) -> &'static str {
        match self {
            Act::Publish => "You're posting too often. Please try again later.",
            Act::Comment => "You're commenting too often. Please try again later.",
            Act::Message => "You're sending messages too fast. Please slow down.",
            Act::Follow => {
                "You're following too many accounts too quickly. Please try again later."
            }
            Act::Report => "You've sent a lot of reports. Please try again later.",
        }
    }
}

/// How many of each act a user may do in its window (`ATELIER_LIMIT_*`).
#[derive(Clone, Copy, Debug)]
pub struct ContentQuotas {
    pub publish_per_hour: u32,
    pub comments_per_10_minutes: u32,
    pub messages_per_10_seconds: u32,
    pub follows_per_hour: u32,
    pub reports_per_hour: u32,
}

impl ContentQuotas {
    fn window(&self, act: Act) -> (u32, Duration) {
        const HOUR: Duration = Duration::from_secs(3600);
        match act {
            Act::Publish => (self.publish_per_hour, HOUR),
            Act::Comment => (self.comments_per_10_minutes, Duration::from_secs(600)),
            Act::Message => (self.messages_per_10_seconds, Duration::from_secs(10)),
            Act::Follow => (self.follows_per_hour, HOUR),
            Act::Report => (self.reports_per_hour, HOUR),
        }
    }
}

/// Per-user limits on content: `n` acts at once, then one more each `window / n` (so never
/// more than about `2n` in any window, and `n` in a window after a quiet one). `None` turns
/// them all off (`--no-content-limits`, for load generators and benchmarks).
#[derive(Clone)]
pub struct ContentLimits {
    limiters: Option<Arc<[DefaultKeyedRateLimiter<i64>; 5]>>,
}

impl ContentLimits {
    pub fn new(quotas: Option<ContentQuotas>) -> Self {
        let limiters = quotas.map(|quotas| {
            Arc::new(Act::ALL.map(|act| {
                let (n, window) = quotas.window(act);
                let n = NonZeroU32::new(n.max(1)).expect("n >= 1");
                let quota = Quota::with_period(window / n.get())
                    .expect("a window of a second or more")
                    .allow_burst(n);
                RateLimiter::keyed(quota)
            }))
        });
        Self { limiters }
    }

    /// Counts one `act` by `user`; 429 with Retry-After over its limit.
    pub fn check(&self, user: i64, act: Act) -> Result<(), ApiError> {
        let Some(limiters) = &self.limiters else {
            return Ok(());
        };
        limiters[act as usize]
            .check_key(&user)
            .map_err(|not_until| {
                let wait = not_until.wait_time_from(DefaultClock::default().now());
                ApiError::TooManyRequests {
                    retry_after_secs: wait.as_secs_f64().ceil() as u64,
                    message: act.message(),
                }
            })
    }

    /// Drops the state of users whose limits have fully recovered (called periodically).
    pub fn forget_idle(&self) {
        for limiter in self.limiters.iter().flat_map(|l| l.iter()) {
            limiter.retain_recent();
        }
    }
}

/// Ad impressions and clicks per client address (issue 39; the connection's address, as the
/// sign-in limit reads it): past the allowance, 429 and not counted, so one client cannot drain
/// an advertiser's budget or inflate a count.
#[derive(Clone)]
pub struct AdLimits {
    per_ip: Arc<DefaultKeyedRateLimiter<IpAddr>>,
}

impl AdLimits {
    /// `per_minute` interactions a minute (`--limit-ad-interactions-per-min`, 30), allowed as a
    /// burst.
    pub fn new(per_minute: u32) -> Self {
        let quota = Quota::per_minute(NonZeroU32::new(per_minute.max(1)).expect("n >= 1"));
        Self {
            per_ip: Arc::new(RateLimiter::keyed(quota)),
        }
    }

    /// Counts one impression or click from `ip`; 429 with Retry-After over the limit.
    pub fn check(&self, ip: IpAddr) -> Result<(), ApiError> {
        self.per_ip.check_key(&ip).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::TooManyRequests {
                retry_after_secs: wait.as_secs_f64().ceil() as u64,
                message: "Too many ad interactions. Please wait a moment.",
            }
        })
    }

    /// Drops the state of addresses whose allowance has fully recovered (called periodically).
    pub fn forget_idle(&self) {
        self.per_ip.retain_recent();
    }
}

/// What one user may send to canvas rooms (issue 25): strokes and cursor moves a second, each
/// allowed as a burst. Not configurable: they are the room's contract, and the socket never
/// goes through `--no-content-limits`' load generators.
#[derive(Clone)]
pub struct CanvasLimits {
    strokes: Arc<DefaultKeyedRateLimiter<i64>>,
    cursors: Arc<DefaultKeyedRateLimiter<i64>>,
}

/// Strokes a user may draw a second.
pub const CANVAS_STROKES_PER_SECOND: u32 = 10;
/// Cursor moves a user's pointer may send a second.
pub const CANVAS_CURSORS_PER_SECOND: u32 = 20;

impl Default for CanvasLimits {
    fn default() -> Self {
        let per_second = |n: u32| Quota::per_second(NonZeroU32::new(n).expect("n >= 1"));
        Self {
            strokes: Arc::new(RateLimiter::keyed(per_second(CANVAS_STROKES_PER_SECOND))),
            cursors: Arc::new(RateLimiter::keyed(per_second(CANVAS_CURSORS_PER_SECOND))),
        }
    }
}

impl CanvasLimits {
    /// Counts one stroke by `user`: `false` over the limit.
    pub fn stroke(&self, user: i64) -> bool {
        self.strokes.check_key(&user).is_ok()
    }

    /// Counts one cursor move by `user`: `false` over the limit.
    pub fn cursor(&self, user: i64) -> bool {
        self.cursors.check_key(&user).is_ok()
    }

    /// Drops the state of users whose limits have fully recovered (called periodically).
    pub fn forget_idle(&self) {
        self.strokes.retain_recent();
        self.cursors.retain_recent();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quotas(n: u32) -> ContentQuotas {
        ContentQuotas {
            publish_per_hour: n,
            comments_per_10_minutes: n,
            messages_per_10_seconds: n,
            follows_per_hour: n,
            reports_per_hour: n,
        }
    }

    #[test]
    fn each_user_and_each_act_has_its_own_allowance() {
        let limits = ContentLimits::new(Some(quotas(2)));
        limits.check(1, Act::Comment).unwrap();
        limits.check(1, Act::Comment).unwrap();
        let Err(ApiError::TooManyRequests {
            retry_after_secs,
            message,
        }) = limits.check(1, Act::Comment)
        else {
            panic!("the third comment in 10 minutes is refused");
        };
        // One comes back every 10 minutes / 2.
        assert!((1..=300).contains(&retry_after_secs));
        assert_eq!(message, Act::Comment.message());
        limits.check(2, Act::Comment).unwrap();
        limits.check(1, Act::Report).unwrap();
        limits.check(1, Act::Follow).unwrap();
    }

    #[test]
    fn without_quotas_nothing_is_limited() {
        let limits = ContentLimits::new(None);
        for _ in 0..1000 {
            limits.check(1, Act::Message).unwrap();
        }
    }
}
