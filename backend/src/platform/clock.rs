//! The server's clock for time rules that tests must move without sleeping: story expiry, the
//! ads' dates and click window, trending's window and post times. `System` in production;
//! tests build the app with a `Manual` clock and advance it (tests/api/helpers.rs), or freeze it
//! where a rule counts per second (the canvas's strokes). Sessions and other bookkeeping keep
//! reading the real time (`db::now_ms`).

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

#[derive(Debug, Clone, Default)]
pub enum Clock {
    /// The machine's time.
    #[default]
    System,
    /// The machine's time (or the instant it was frozen at) plus an offset in milliseconds that
    /// only moves forward.
    Manual(Arc<Manual>),
}

/// A manual clock's state.
#[derive(Debug, Default)]
pub struct Manual {
    offset: AtomicI64,
    /// The machine's time it was frozen at; 0 while it moves with the machine.
    frozen: AtomicI64,
}

impl Clock {
    /// A clock that starts at the machine's time and moves on with it, plus whatever
    /// `advance` adds.
    pub fn manual() -> Self {
        Self::Manual(Arc::default())
    }

    /// Milliseconds since the Unix epoch, the unit of every stored time.
    pub fn now_ms(&self) -> i64 {
        let now = crate::platform::db::now_ms();
        match self {
            Self::System => now,
            Self::Manual(manual) => {
                let frozen = manual.frozen.load(Ordering::Relaxed);
                let base = if frozen == 0 { now } else { frozen };
                base + manual.offset.load(Ordering::Relaxed)
            }
        }
    }

    /// Stops a manual clock where it is: it moves only by `advance` from then on (a test of a
    /// per-second rule that must not depend on how fast the machine is). A no-op on the system
    /// clock.
    pub fn freeze(&self) {
        if let Self::Manual(manual) = self {
            let _ = manual.frozen.compare_exchange(
                0,
                crate::platform::db::now_ms(),
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
        }
    }

    /// Stops a manual clock at `at` (epoch milliseconds): it moves only by `advance` from then
    /// on (a test of answers on data seeded for a fixed instant). A no-op on the system clock.
    pub fn freeze_at(&self, at: i64) {
        if let Self::Manual(manual) = self {
            manual.offset.store(0, Ordering::Relaxed);
            manual.frozen.store(at, Ordering::Relaxed);
        }
    }

    /// Moves a manual clock forward; the system clock cannot be moved (a no-op there).
    pub fn advance(&self, by: Duration) {
        if let Self::Manual(manual) = self {
            let by = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
            manual.offset.fetch_add(by, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manual_clock_moves_forward_by_what_it_is_advanced() {
        let clock = Clock::manual();
        let before = clock.now_ms();
        clock.advance(Duration::from_secs(3600));
        let after = clock.now_ms();
        assert!(after - before >= 3_600_000 && after - before < 3_660_000);
    }

    #[test]
    fn a_frozen_manual_clock_moves_only_when_advanced() {
        let clock = Clock::manual();
        clock.freeze();
        let at = clock.now_ms();
        std::thread::sleep(Duration::from_millis(20));
        assert_eq!(clock.now_ms(), at);
        clock.advance(Duration::from_secs(1));
        assert_eq!(clock.now_ms(), at + 1000);
    }

    #[test]
    fn a_manual_clock_frozen_at_an_instant_answers_it() {
        let clock = Clock::manual();
        clock.advance(Duration::from_secs(60));
        clock.freeze_at(1_000_000);
        assert_eq!(clock.now_ms(), 1_000_000);
        clock.advance(Duration::from_secs(1));
        assert_eq!(clock.now_ms(), 1_001_000);
    }

    #[test]
    fn the_system_clock_ignores_advance() {
        let clock = Clock::System;
        let before = clock.now_ms();
        clock.advance(Duration::from_secs(3600));
        assert!(clock.now_ms() - before < 60_000);
    }
}
