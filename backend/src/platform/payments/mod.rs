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

/// A payment provider. `charge` takes the money; `refund` gives a charge back in full (an
/// order that could not be placed after all, e.g. the last unit went to a concurrent buyer).
pub trait PaymentProvider: Send + Sync {
    fn charge<'a>(&'a self, charge: Charge<'a>) -> PaymentFuture<'a, Receipt>;
    fn refund<'a>(&'a self, receipt: &'a Receipt) -> PaymentFuture<'a, ()>;
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
}

/// The default provider: the test one (always succeeds; no network).
pub fn test_provider() -> Payments {
    Arc::new(TestPaymentProvider::default())
}
