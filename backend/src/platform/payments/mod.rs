//! Payments behind one interface (issues 9 and 42): checkouts and tips reach the provider held
//! in `AppState`, chosen when the app is built (docs/payments.md).
//!
//! - `TestPaymentProvider` (the default): moves no real money and makes no network call. Cards
//!   are taken at Atelier and judged by Stripe's published test numbers (`test_cards.rs`); its
//!   references are its own (`test_…`).
//! - `StripeProvider` (`--stripe-secret-key`, `stripe.rs`): the server creates a PaymentIntent,
//!   the browser confirms it with Stripe.js, and Stripe's signed webhook (`stripe_webhook.rs`)
//!   settles the checkout. The card never reaches Atelier.

pub mod stripe;
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

    /// Whether cards are typed into Atelier's own form (the test provider). With Stripe they go
    /// into Stripe's form and never reach this server.
    pub fn takes_cards(self) -> bool {
        self == Self::Test
    }

    /// The mode a Stripe secret (`sk_…`) or restricted (`rk_…`) key runs in; `None` for
    /// anything else (a publishable key, a typo).
    pub fn of_stripe_key(key: &str) -> Option<Self> {
        if key.starts_with("sk_test_") || key.starts_with("rk_test_") {
            Some(Self::StripeTest)
        } else if key.starts_with("sk_live_") || key.starts_with("rk_live_") {
            Some(Self::StripeLive)
        } else {
            None
        }
    }
}

/// A payment the browser confirms with the provider (Stripe's PaymentIntent).
#[derive(Debug, Clone)]
pub struct NewIntent<'a> {
    pub amount_cents: i64,
    /// ISO 4217, lower case (`usd`).
    pub currency: &'a str,
    /// What it pays, as the webhook reads it back: `("metadata[checkout_id]", "12")`.
    pub metadata: (&'a str, &'a str),
    /// The same for every attempt at paying the same thing, so a retry answers the same intent.
    pub idempotency_key: &'a str,
}

/// A payment waiting for the browser's confirmation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Intent {
    /// The provider's id (`pi_…`), kept as the checkout's payment reference.
    pub id: String,
    /// Handed to the browser only (Stripe.js confirms with it); never stored.
    pub client_secret: String,
}

/// A payment provider. `charge` takes the money at once (the test provider's card flow);
/// `create_intent` starts a payment the browser confirms and a webhook settles (Stripe);
/// `refund` gives a payment back in full (a payment that arrived after its checkout or tip
/// closed). `mode` has no default on purpose: a provider that moves real money must say so.
pub trait PaymentProvider: Send + Sync {
    fn charge<'a>(&'a self, charge: Charge<'a>) -> PaymentFuture<'a, Receipt>;
    fn refund<'a>(&'a self, receipt: &'a Receipt) -> PaymentFuture<'a, ()>;
    /// By default a provider takes cards at Atelier and has no browser-confirmed payments.
    fn create_intent<'a>(&'a self, _intent: NewIntent<'a>) -> PaymentFuture<'a, Intent> {
        Box::pin(async {
            Err(PaymentError::Provider(anyhow::anyhow!(
                "this provider takes cards at Atelier, not in the browser"
            )))
        })
    }
    /// The secret Stripe signs its webhook events with; `None` when this provider has none.
    fn webhook_secret(&self) -> Option<&str> {
        None
    }
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
