//! Sign-in and sign-up rate limits, per client IP and per account name (governor's keyed
//! GCRA limiters: constant memory per key, no background task). Over the limit the answer is
//! 429 with Retry-After. Limits are configuration so tests and load checks can set them.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;

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
