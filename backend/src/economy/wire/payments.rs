//! How the client should take payments (issue 42): which provider is active and whether real
//! money moves.

use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::payments::PaymentMode;

/// The payment provider charging orders and tips.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PaymentProviderName {
    /// The built-in test provider: nothing is charged anywhere.
    Test,
    Stripe,
}

/// `GET /api/payments/config`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentsConfig {
    pub provider: PaymentProviderName,
    /// No real money moves (the test provider, or Stripe with test keys): the client says
    /// 'Test mode — no real money moves' wherever money moves.
    pub test_mode: bool,
    /// Stripe's publishable key for Stripe.js, while Stripe is the provider; else null.
    #[schema(required = true)]
    pub publishable_key: Option<String>,
}

impl PaymentsConfig {
    pub fn new(mode: PaymentMode, stripe_publishable_key: Option<&str>) -> Self {
        let provider = match mode {
            PaymentMode::Test => PaymentProviderName::Test,
            PaymentMode::StripeTest | PaymentMode::StripeLive => PaymentProviderName::Stripe,
        };
        Self {
            provider,
            test_mode: mode.is_test(),
            publishable_key: match provider {
                PaymentProviderName::Stripe => stripe_publishable_key.map(str::to_owned),
                PaymentProviderName::Test => None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_live_stripe_moves_money_and_only_stripe_gets_the_key() {
        let key = Some("pk_test_1");
        let test = PaymentsConfig::new(PaymentMode::Test, key);
        assert_eq!(
            (test.provider, test.test_mode, test.publishable_key),
            (PaymentProviderName::Test, true, None)
        );
        let stripe_test = PaymentsConfig::new(PaymentMode::StripeTest, key);
        assert_eq!(
            (stripe_test.provider, stripe_test.test_mode),
            (PaymentProviderName::Stripe, true)
        );
        assert_eq!(stripe_test.publishable_key.as_deref(), Some("pk_test_1"));
        let live = PaymentsConfig::new(PaymentMode::StripeLive, Some("pk_live_1"));
        assert_eq!(
            (
                live.provider,
                live.test_mode,
                live.publishable_key.as_deref()
            ),
            (PaymentProviderName::Stripe, false, Some("pk_live_1"))
        );
    }
}
