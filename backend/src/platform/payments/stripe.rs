//! Stripe as the payment provider (issue 42, docs/payments.md "Stripe"): the server creates a
//! PaymentIntent for the server's amount and currency (`POST /v1/payment_intents`, form-encoded,
//! with an `Idempotency-Key` so a retried request answers the same intent), the browser confirms
//! it with Stripe.js, and Stripe's signed webhook settles it. A charge taken after its checkout
//! closed is refunded (`POST /v1/refunds`). The card never reaches this server.

use std::time::Duration;

use anyhow::{Context, anyhow};
use serde::Deserialize;

use super::{
    Charge, Intent, NewIntent, PaymentError, PaymentFuture, PaymentMode, PaymentProvider, Receipt,
};

/// How long one call to Stripe may take.
const TIMEOUT: Duration = Duration::from_secs(20);

/// Talks to Stripe's REST API with the secret key.
pub struct StripeProvider {
    client: push_http::Client,
    /// `https://api.stripe.com` (tests: a local stand-in), without a trailing slash.
    api_base: String,
    secret_key: String,
    webhook_secret: String,
    mode: PaymentMode,
}

impl StripeProvider {
    pub fn new(secret_key: &str, webhook_secret: &str, api_base: &str) -> anyhow::Result<Self> {
        let client = push_http::Client::builder()
            // A proxy from the environment would see the secret key.
            .no_proxy()
            .redirect(push_http::redirect::Policy::none())
            .timeout(TIMEOUT)
            .build()
            .context("building Stripe's HTTP client")?;
        let mode = PaymentMode::of_stripe_key(secret_key)
            .context("--stripe-secret-key is not a Stripe secret key")?;
        Ok(Self {
            client,
            api_base: api_base.trim_end_matches('/').to_owned(),
            secret_key: secret_key.to_owned(),
            webhook_secret: webhook_secret.to_owned(),
            mode,
        })
    }

    /// POSTs `form` to `path`; Stripe's JSON answer, or its error's message.
    async fn post(
        &self,
        path: &str,
        form: &[(&str, &str)],
        idempotency_key: Option<&str>,
    ) -> Result<serde_json::Value, PaymentError> {
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(form)
            .finish();
        let mut request = self
            .client
            .post(format!("{}{path}", self.api_base))
            .bearer_auth(&self.secret_key)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body);
        if let Some(key) = idempotency_key {
            request = request.header("idempotency-key", key);
        }
        let response = request
            .send()
            .await
            .map_err(|err| PaymentError::Provider(anyhow!("Stripe unreachable: {err}")))?;
        let status = response.status();
        let bytes = response
            .bytes()
            .await
            .map_err(|err| PaymentError::Provider(anyhow!("Stripe's answer broke off: {err}")))?;
        let json: serde_json::Value = serde_json::from_slice(&bytes)
            .map_err(|err| PaymentError::Provider(anyhow!("Stripe answered no JSON: {err}")))?;
        if status.is_success() {
            return Ok(json);
        }
        let message = json["error"]["message"]
            .as_str()
            .unwrap_or("Stripe refused the request")
            .to_owned();
        if json["error"]["type"] == "card_error" {
            Err(PaymentError::Declined(message))
        } else {
            Err(PaymentError::Provider(anyhow!(
                "Stripe answered {status}: {message}"
            )))
        }
    }
}

/// The part of a PaymentIntent this server reads.
#[derive(Debug, Deserialize)]
struct PaymentIntent {
    id: String,
    client_secret: String,
    amount: i64,
    currency: String,
}

impl PaymentProvider for StripeProvider {
    /// A charge with no browser to confirm it (a tip's) cannot be taken through Stripe: the
    /// tip route refuses it before it gets here (docs/decisions.md, issue 42).
    fn charge<'a>(&'a self, _charge: Charge<'a>) -> PaymentFuture<'a, Receipt> {
        Box::pin(async {
            Err(PaymentError::Provider(anyhow!(
                "Stripe takes payments confirmed in the browser only"
            )))
        })
    }

    fn refund<'a>(&'a self, receipt: &'a Receipt) -> PaymentFuture<'a, ()> {
        Box::pin(async move {
            let key = format!("refund:{}", receipt.reference);
            self.post(
                "/v1/refunds",
                &[("payment_intent", receipt.reference.as_str())],
                Some(&key),
            )
            .await?;
            Ok(())
        })
    }

    fn create_intent<'a>(&'a self, intent: NewIntent<'a>) -> PaymentFuture<'a, Intent> {
        Box::pin(async move {
            let amount = intent.amount_cents.to_string();
            let json = self
                .post(
                    "/v1/payment_intents",
                    &[
                        ("amount", amount.as_str()),
                        ("currency", intent.currency),
                        ("automatic_payment_methods[enabled]", "true"),
                        (intent.metadata.0, intent.metadata.1),
                    ],
                    Some(intent.idempotency_key),
                )
                .await?;
            let answered: PaymentIntent = serde_json::from_value(json)
                .map_err(|err| PaymentError::Provider(anyhow!("not a PaymentIntent: {err}")))?;
            if answered.amount != intent.amount_cents || answered.currency != intent.currency {
                return Err(PaymentError::Provider(anyhow!(
                    "Stripe answered intent {} for {} {}, not {} {}",
                    answered.id,
                    answered.amount,
                    answered.currency,
                    intent.amount_cents,
                    intent.currency
                )));
            }
            Ok(Intent {
                id: answered.id,
                client_secret: answered.client_secret,
            })
        })
    }

    fn webhook_secret(&self) -> Option<&str> {
        Some(self.webhook_secret.as_str())
    }

    fn mode(&self) -> PaymentMode {
        self.mode
    }
}
