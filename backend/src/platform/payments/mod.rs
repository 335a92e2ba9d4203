//! Payments behind one interface (issue 9): orders charge through a `PaymentProvider` held in
//! `AppState`, so a real provider (Stripe, say) slots in later without touching orders.
//!
//! The only provider here is `TestPaymentProvider`: it ALWAYS SUCCEEDS, moves no real money and
//! makes no network call. It answers a reference of its own (`test_…`), which the order keeps.
//! Do not run a real shop on it.

pub mod stripe_webhook;
pub mod test_cards;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// What to charge: the catalogue's total for one order line.
#[derive(Debug, Clone)]
pub struct Charge<'a> {
    pub user_id: i64,
    pub amount_cents: i64,
    /// The method the client chose (`stripe`).
    pub method: &'a str,
    /// Derived from the order's Idempotency-Key (user, key and attempt), when the client sent
    /// one: a real provider passes it on, so a retried charge is not taken twice.
    pub idempotency_key: Option<&'a str>,
}

/// A successful charge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    /// The provider's id of the charge (kept with the order; used to refund it).
    pub reference: String,
}

#[derive(Debug, thiserror::Error)]
pub enum PaymentError {
    /// The provider refused the payment (card declined, …): the user may try again.
    #[error("payment declined: {0}")]
    Declined(String),
    /// The provider could not be reached or failed.
    #[error("payment provider failed: {0}")]
    Provider(#[from] anyhow::Error),
}

pub type PaymentFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, PaymentError>> + Send + 'a>>;

/// Which provider takes the money, and whether real money moves (issue 42): the client shows
/// 'Test mode — no real money moves' unless it does, and a payout decided while it does not is
/// marked as a test payout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentMode {
    /// The built-in test provider: nothing is charged anywhere.
    Test,
    /// Stripe with test keys (`sk_test_…`): Stripe's test mode, no real money.
    StripeTest,
    /// Stripe with live keys: real money.
    StripeLive,
}

impl PaymentMode {
    /// The provider's name as the client reads it: `test` or `stripe`.
    pub fn provider(self) -> &'static str {
        match self {
            Self::Test => "test",
            Self::StripeTest | Self::StripeLive => "stripe",
        }
    }

    /// Whether no real money moves.
    pub fn is_test(self) -> bool {
        !matches!(self, Self::StripeLive)
    }
}

/// A payment provider. `charge` takes the money; `refund` gives a charge back in full (an
/// order that could not be placed after all, e.g. the last unit went to a concurrent buyer).
/// `mode` has no default on purpose: a provider that moves real money must say so itself.
pub trait PaymentProvider: Send + Sync {
    fn charge<'a>(&'a self, charge: Charge<'a>) -> PaymentFuture<'a, Receipt>;
    fn refund<'a>(&'a self, receipt: &'a Receipt) -> PaymentFuture<'a, ()>;
    fn mode(&self) -> PaymentMode;
}

/// The provider every handler reaches through `AppState`.
pub type Payments = Arc<dyn PaymentProvider>;

/// The built-in test provider: every charge succeeds at once, nothing leaves the process.
#[derive(Debug, Default)]
pub struct TestPaymentProvider {
    next: AtomicU64,
}

impl PaymentProvider for TestPaymentProvider {
    fn charge<'a>(&'a self, charge: Charge<'a>) -> PaymentFuture<'a, Receipt> {
        let n = self.next.fetch_add(1, Ordering::Relaxed) + 1;
        let reference = format!(
            "test_{}_{}_{n}",
            charge.user_id,
            crate::platform::db::now_ms()
        );
        Box::pin(async move { Ok(Receipt { reference }) })
    }

    fn refund<'a>(&'a self, _receipt: &'a Receipt) -> PaymentFuture<'a, ()> {
        Box::pin(async { Ok(()) })
    }

    fn mode(&self) -> PaymentMode {
        PaymentMode::Test
    }
}

/// The default provider: the test one (always succeeds; no network).
pub fn test_provider() -> Payments {
    Arc::new(TestPaymentProvider::default())
}
