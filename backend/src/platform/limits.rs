//! Rate limits (issues 20 and 39): one interface, `Limits::check(Limit, key)`, for every
//! allowance of the platform: sign-in attempts per client address and per account named from an
//! address, what a signed-in user may publish, comment, message, follow and report, and the
//! calls a user places, and ad impressions and clicks per client address. Each is a GCRA token bucket: `n` at once, then one more each
//! `window / n` (so never more than about `2n` in any window, and `n` in a window after a quiet
//! one). Over a limit the answer is 429 with Retry-After and a message that says which.
//!
//! Without Redis the buckets live in this process (governor's keyed limiters: constant memory
//! per key, swept by housekeeping). With Redis (`REDIS_URL`) every instance shares them: one
//! `EVALSHA` of `GCRA_SCRIPT` per check (the script is loaded again on `NOSCRIPT`), on Redis's
//! own clock, each key expiring when its bucket is full again. If Redis fails, the check falls
//! back to this instance's bucket with a warning (fail open: an outage of Redis must not stop
//! every message; docs/decisions.md).
//!
//! A new limit is a variant of `Limit` with its message and its quota in `Quotas`.

use std::fmt::Display;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::nanos::Nanos;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use redis::aio::ConnectionManager;

use crate::platform::http::error::ApiError;
use crate::platform::realtime::cluster::Script;

/// Everything that has an allowance, and what its key is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Sign-in, sign-up and password re-checks from one client address (key: the address).
    SignInAddress,
    /// Sign-in attempts naming one account from one address (key: `Limits::account_key`), so
    /// an attacker's guesses never lock the owner out from elsewhere.
    SignInAccount,
    /// A post, a reel or a story: one allowance for the three (key: the user).
    Publish,
    Comment,
    /// A message of any kind: text, media, a voice message, a voicemail, a share into a chat.
    Message,
    Follow,
    Report,
    /// Calls a user places, from all their sockets together (key: the user).
    Call,
    /// Ad impressions and clicks from one client address, signed in or not (key: the
    /// connection's address): past it, 429 and not counted, so one client cannot drain an
    /// advertiser's budget or inflate a count.
    AdInteraction,
    /// Password-reset and verification mails (issue 41): per address asked for (key:
    /// `mail:{address}`) and per account (key: `account:{id}`), whether or not an account has
    /// the address, so the limit tells nothing about which addresses are known.
    AccountMail,
    /// Asking for the verification mail again (key: the user): once a minute.
    VerifyResend,
    /// Voice reactions a user sends to posts and reels (key: the user; issue 43).
    VoiceReaction,
    /// Edits a user makes to their posts and reels (key: the user; issue 44): each keeps the
    /// earlier version in the history.
    Edit,
}

impl Limit {
    pub const ALL: [Limit; 13] = [
        Limit::SignInAddress,
        Limit::SignInAccount,
        Limit::Publish,
        Limit::Comment,
        Limit::Message,
        Limit::Follow,
        Limit::Report,
        Limit::Call,
        Limit::AdInteraction,
        Limit::AccountMail,
        Limit::VerifyResend,
        Limit::VoiceReaction,
        Limit::Edit,
    ];

    /// Its name in Redis keys.
    fn name(self) -> &'static str {
        match self {
            Limit::SignInAddress => "signin-address",
            Limit::SignInAccount => "signin-account",
            Limit::Publish => "publish",
            Limit::Comment => "comment",
            Limit::Message => "message",
            Limit::Follow => "follow",
            Limit::Report => "report",
            Limit::Call => "call",
            Limit::AdInteraction => "ad-interaction",
            Limit::AccountMail => "account-mail",
            Limit::VerifyResend => "verify-resend",
            Limit::VoiceReaction => "voice-reaction",
            Limit::Edit => "edit",
        }
    }

    /// What a refused request is told.
    pub fn message(self) -> &'static str {
        match self {
            Limit::SignInAddress | Limit::SignInAccount => {
                "Too many attempts. Please wait a moment and try again."
            }
            Limit::Publish => "You're posting too often. Please try again later.",
            Limit::Comment => "You're commenting too often. Please try again later.",
            Limit::Message => "You're sending messages too fast. Please slow down.",
            Limit::Follow => {
                "You're following too many accounts too quickly. Please try again later."
            }
            Limit::Report => "You've sent a lot of reports. Please try again later.",
            Limit::Call => TOO_MANY_CALLS,
            Limit::AdInteraction => "Too many ad interactions. Please wait a moment.",
            Limit::AccountMail => "Too many emails asked for. Please try again later.",
            Limit::VerifyResend => "We just sent one. Please wait a minute before asking again.",
            Limit::VoiceReaction => {
                "You're sending voice reactions too often. Please try again later."
            }
            Limit::Edit => "You're editing too often. Please try again later.",
        }
    }
}

/// The socket's error frame when a user places calls too fast.
pub const TOO_MANY_CALLS: &str = "Too many calls: please wait a minute";
/// Calls a user may place a minute (on every socket and instance together): each writes a
/// record (and, when refused at once, a line), so a script cannot fill someone's conversation
/// with missed calls.
pub const CALLS_PER_MINUTE: u32 = 10;

/// Password-reset and verification mails an hour, per address and per account (issue 41).
pub const ACCOUNT_MAILS_PER_HOUR: u32 = 5;

/// `n` in `window`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allowance {
    pub n: u32,
    pub window: Duration,
}

impl Allowance {
    pub const fn new(n: u32, window: Duration) -> Self {
        Self { n, window }
    }

    fn n(self) -> NonZeroU32 {
        NonZeroU32::new(self.n.max(1)).expect("n >= 1")
    }

    /// The time one unit of the allowance takes to come back.
    fn interval(self) -> Duration {
        (self.window / self.n().get()).max(Duration::from_micros(1))
    }
}

/// How much of each limit there is (`ATELIER_AUTH_LIMIT_*`, `ATELIER_LIMIT_*`); `None` turns a
/// limit off (`--no-content-limits` turns off the content ones).
#[derive(Clone, Copy, Debug, Default)]
pub struct Quotas {
    pub sign_in_per_address: Option<Allowance>,
    pub sign_in_per_account: Option<Allowance>,
    pub publish: Option<Allowance>,
    pub comment: Option<Allowance>,
    pub message: Option<Allowance>,
    pub follow: Option<Allowance>,
    pub report: Option<Allowance>,
    pub call: Option<Allowance>,
    pub ad_interaction: Option<Allowance>,
    pub account_mail: Option<Allowance>,
    pub verify_resend: Option<Allowance>,
    pub voice_reaction: Option<Allowance>,
    pub edit: Option<Allowance>,
}

impl Quotas {
    fn of(&self, limit: Limit) -> Option<Allowance> {
        match limit {
            Limit::SignInAddress => self.sign_in_per_address,
            Limit::SignInAccount => self.sign_in_per_account,
            Limit::Publish => self.publish,
            Limit::Comment => self.comment,
            Limit::Message => self.message,
            Limit::Follow => self.follow,
            Limit::Report => self.report,
            Limit::Call => self.call,
            Limit::AdInteraction => self.ad_interaction,
            Limit::AccountMail => self.account_mail,
            Limit::VerifyResend => self.verify_resend,
            Limit::VoiceReaction => self.voice_reaction,
            Limit::Edit => self.edit,
        }
    }
}

/// A check over its limit: which, and when one more will be allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused {
    pub limit: Limit,
    pub retry_after: Duration,
}

impl From<Refused> for ApiError {
    fn from(refused: Refused) -> Self {
        ApiError::TooManyRequests {
            retry_after_secs: refused.retry_after.as_secs_f64().ceil() as u64,
            message: refused.limit.message(),
        }
    }
}

/// One limit's allowance and this instance's buckets for it.
struct Slot {
    allowance: Allowance,
    local: DefaultKeyedRateLimiter<String>,
}

/// Every limit, checked by key. Cheap to clone.
#[derive(Clone)]
pub struct Limits {
    /// Indexed by `Limit as usize`; `None` for a limit that is off.
    slots: Arc<[Option<Slot>]>,
    shared: Option<Shared>,
}

/// The buckets in Redis that every instance uses.
#[derive(Clone)]
struct Shared {
    commands: ConnectionManager,
    prefix: String,
    script: Arc<Script>,
}

/// GCRA on Redis's clock, in microseconds. KEYS[1] holds the bucket's theoretical arrival time;
/// ARGV[1] is the interval one unit takes to come back, ARGV[2] the burst. Answers 0 when the
/// request is allowed (and counts it), else the microseconds until one more is. The key expires
/// when the bucket is full again.
const GCRA_SCRIPT: &str = r"
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local allowed_at = tat + interval - interval * burst
if allowed_at > now then return allowed_at - now end
local next_tat = tat + interval
redis.call('SET', KEYS[1], string.format('%.0f', next_tat), 'PX', math.ceil((next_tat - now) / 1000))
return 0
";

impl Limits {
    /// In this process only.
    pub fn new(quotas: Quotas) -> Self {
        let slots: Vec<Option<Slot>> = Limit::ALL
            .iter()
            .enumerate()
            .map(|(index, limit)| {
                debug_assert_eq!(*limit as usize, index);
                quotas.of(*limit).map(|allowance| Slot {
                    allowance,
                    local: RateLimiter::keyed(
                        Quota::with_period(allowance.interval())
                            .expect("a non-zero interval")
                            .allow_burst(allowance.n()),
                    ),
                })
            })
            .collect();
        Self {
            slots: slots.into(),
            shared: None,
        }
    }

    /// Shared by every instance through this Redis connection, its keys under `prefix`.
    pub fn shared(mut self, commands: ConnectionManager, prefix: &str) -> Self {
        self.shared = Some(Shared {
            commands,
            prefix: prefix.to_owned(),
            script: Arc::new(Script::new(GCRA_SCRIPT)),
        });
        self
    }

    /// The key of `Limit::SignInAccount`: the account (its id, so a username and an email
    /// that name it count together; a name of no account stands for itself) from `address`.
    pub fn account_key(account: impl Display, address: impl Display) -> String {
        format!("{account}@{address}")
    }

    /// Counts one `limit` act by `key` (a user id, an address, …); `Refused` over its limit.
    pub async fn check(&self, limit: Limit, key: impl Display) -> Result<(), Refused> {
        let Some(slot) = &self.slots[limit as usize] else {
            return Ok(());
        };
        let key = key.to_string();
        if let Some(shared) = &self.shared {
            match shared.check(limit, &key, slot.allowance).await {
                Ok(0) => return Ok(()),
                Ok(wait_micros) => {
                    return Err(Refused {
                        limit,
                        retry_after: Duration::from_micros(wait_micros),
                    });
                }
                Err(err) => tracing::warn!(
                    error = %err,
                    limit = limit.name(),
                    "the shared rate limit in Redis failed; counting on this instance"
                ),
            }
        }
        slot.local.check_key(&key).map_err(|not_until| Refused {
            limit,
            retry_after: not_until.wait_time_from(DefaultClock::default().now()),
        })
    }

    /// Drops this instance's buckets that are full again (called periodically).
    pub fn forget_idle(&self) {
        for slot in self.slots.iter().flatten() {
            slot.local.retain_recent();
        }
    }
}

impl Shared {
    /// Microseconds until one more is allowed; 0 when this one was (and is counted).
    async fn check(
        &self,
        limit: Limit,
        key: &str,
        allowance: Allowance,
    ) -> redis::RedisResult<u64> {
        let mut commands = self.commands.clone();
        let key = format!("{}:limit:{}:{key}", self.prefix, limit.name());
        let interval = (allowance.interval().as_micros() as u64).to_string();
        let burst = allowance.n().get().to_string();
        self.script
            .run(&mut commands, &[&key], &[&interval, &burst])
            .await
    }
}

/// What one user may send to canvas rooms (issue 25): strokes and cursor moves a second, each
/// allowed as a burst. Not configurable: they are the room's contract, and the socket never
/// goes through `--no-content-limits`' load generators. Counted on the app's clock of time
/// rules, so a test can freeze it and count a burst whatever the machine's speed.
#[derive(Clone)]
pub struct CanvasLimits {
    strokes: Arc<ClockedLimiter>,
    cursors: Arc<ClockedLimiter>,
}

type ClockedLimiter =
    RateLimiter<i64, DefaultKeyedStateStore<i64>, RulesClock, NoOpMiddleware<Nanos>>;

/// The app's `Clock` as governor reads time (milliseconds are fine enough for 20 a second).
#[derive(Clone, Debug)]
struct RulesClock(crate::platform::clock::Clock);

impl Clock for RulesClock {
    type Instant = Nanos;

    fn now(&self) -> Nanos {
        let ms = u64::try_from(self.0.now_ms()).unwrap_or_default();
        Nanos::from(Duration::from_millis(ms))
    }
}

/// Strokes a user may draw a second.
pub const CANVAS_STROKES_PER_SECOND: u32 = 10;
/// Cursor moves a user's pointer may send a second.
pub const CANVAS_CURSORS_PER_SECOND: u32 = 20;

impl CanvasLimits {
    pub fn new(clock: crate::platform::clock::Clock) -> Self {
        let limiter = |n: u32| {
            let quota = Quota::per_second(NonZeroU32::new(n).expect("n >= 1"));
            Arc::new(RateLimiter::new(
                quota,
                DefaultKeyedStateStore::default(),
                RulesClock(clock.clone()),
            ))
        };
        Self {
            strokes: limiter(CANVAS_STROKES_PER_SECOND),
            cursors: limiter(CANVAS_CURSORS_PER_SECOND),
        }
    }

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

    fn every(n: u32) -> Quotas {
        let allowance = Some(Allowance::new(n, Duration::from_secs(600)));
        Quotas {
            sign_in_per_address: allowance,
            sign_in_per_account: allowance,
            publish: allowance,
            comment: allowance,
            message: allowance,
            follow: allowance,
            report: allowance,
            call: allowance,
            ad_interaction: allowance,
            account_mail: allowance,
            verify_resend: allowance,
            voice_reaction: allowance,
            edit: allowance,
        }
    }

    #[tokio::test]
    async fn each_key_and_each_limit_has_its_own_allowance() {
        let limits = Limits::new(every(2));
        limits.check(Limit::Comment, 1).await.unwrap();
        limits.check(Limit::Comment, 1).await.unwrap();
        let refused = limits.check(Limit::Comment, 1).await.unwrap_err();
        assert_eq!(refused.limit, Limit::Comment);
        // One comes back every 10 minutes / 2.
        assert!(refused.retry_after <= Duration::from_secs(300));
        let ApiError::TooManyRequests {
            retry_after_secs,
            message,
        } = ApiError::from(refused)
        else {
            panic!("a refusal is a 429");
        };
        assert!((1..=300).contains(&retry_after_secs));
        assert_eq!(message, Limit::Comment.message());
        limits.check(Limit::Comment, 2).await.unwrap();
        limits.check(Limit::Report, 1).await.unwrap();
        limits.check(Limit::Follow, 1).await.unwrap();
    }

    #[tokio::test]
    async fn a_limit_without_a_quota_is_off() {
        let limits = Limits::new(Quotas::default());
        for _ in 0..1000 {
            limits.check(Limit::Message, 1).await.unwrap();
        }
    }
}
