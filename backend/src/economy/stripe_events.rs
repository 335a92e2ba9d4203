//! Stripe's webhook events (issue 42, docs/payments.md "Stripe"): the only way a checkout or a
//! tip paid through Stripe gets settled. An event is taken only with a valid `Stripe-Signature` within
//! five minutes of the app's clock; each event id is handled once (a replay is acknowledged and
//! ignored); `payment_intent.succeeded` settles the checkout named by the intent's metadata when
//! its amount and currency are the checkout's (a payment that arrives after the checkout closed
//! is refunded); `payment_intent.payment_failed` fails it and gives its stock back. A tip named
//! by `metadata[tip_id]` is paid (its creator credited and told) when the intent is the one it
//! waits for and the amount is its own, refunded when it was given up, and given up when its
//! payment failed. No HTTP here.

use std::collections::HashMap;

use serde::Deserialize;

use crate::economy::store::checkouts::{self, Settled};
use crate::economy::store::tips;
use crate::notifications;
use crate::platform::payments::Receipt;
use crate::platform::payments::stripe_webhook::{self, SignatureError};
use crate::platform::state::AppState;

/// The buyer's words when Stripe gives none for a failed payment.
pub const PAYMENT_FAILED: &str = "Your payment was not completed.";

/// Why an event was not taken.
#[derive(Debug, thiserror::Error)]
pub enum EventError {
    /// Stripe is not the payment provider: there is no webhook.
    #[error("no Stripe webhook")]
    NotConfigured,
    #[error("bad signature: {0:?}")]
    Signature(SignatureError),
    /// Signed, but not an event.
    #[error("not a Stripe event")]
    NotAnEvent,
    /// Handling failed; the event is not recorded, so Stripe's retry is handled.
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

impl From<sqlx::Error> for EventError {
    fn from(err: sqlx::Error) -> Self {
        Self::Failed(err.into())
    }
}

#[derive(Debug, Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Debug, Deserialize)]
struct EventData {
    object: serde_json::Value,
}

/// The part of a PaymentIntent an event carries that is read here.
#[derive(Debug, Deserialize)]
struct IntentObject {
    id: String,
    amount: i64,
    currency: String,
    #[serde(default)]
    metadata: HashMap<String, String>,
    last_payment_error: Option<LastError>,
}

#[derive(Debug, Deserialize)]
struct LastError {
    message: Option<String>,
}

/// Takes one webhook request: `signature` is its `Stripe-Signature`, `body` its raw bytes.
pub async fn receive(state: &AppState, signature: &str, body: &[u8]) -> Result<(), EventError> {
    let secret = state
        .payments
        .webhook_secret()
        .ok_or(EventError::NotConfigured)?;
    let now = state.clock.now_ms();
    stripe_webhook::verify(signature, body, secret, now.div_euclid(1000))
        .map_err(EventError::Signature)?;
    let event: Event = serde_json::from_slice(body).map_err(|_| EventError::NotAnEvent)?;
    if !checkouts::record_stripe_event(&state.db, &event.id, now).await? {
        tracing::info!(event = %event.id, "a replayed Stripe event is ignored");
        return Ok(());
    }
    let handled = async {
        match event.kind.as_str() {
            "payment_intent.succeeded" => succeeded(state, intent_of(&event)?).await,
            "payment_intent.payment_failed" => failed(state, intent_of(&event)?).await,
            _ => Ok(()),
        }
    }
    .await;
    if let Err(err) = &handled {
        tracing::error!(event = %event.id, error = ?err, "a Stripe event was not handled");
        checkouts::forget_stripe_event(&state.db, &event.id).await?;
    }
    handled
}

fn intent_of(event: &Event) -> Result<IntentObject, EventError> {
    serde_json::from_value(event.data.object.clone()).map_err(|_| EventError::NotAnEvent)
}

/// The checkout an intent pays, when its metadata names one that holds this intent.
async fn checkout_of(
    state: &AppState,
    intent: &IntentObject,
) -> Result<Option<checkouts::CheckoutRow>, EventError> {
    let Some(id) = intent
        .metadata
        .get("checkout_id")
        .and_then(|id| id.parse::<i64>().ok())
    else {
        tracing::warn!(intent = %intent.id, "a Stripe payment names no checkout: ignored");
        return Ok(None);
    };
    let Some(checkout) = checkouts::by_id(&state.db, id).await? else {
        tracing::warn!(intent = %intent.id, checkout = id, "a Stripe payment names no checkout of ours");
        return Ok(None);
    };
    if checkout
        .payment_reference
        .as_deref()
        .is_some_and(|reference| reference != intent.id)
    {
        tracing::error!(intent = %intent.id, checkout = id, "a Stripe payment for a checkout that holds another: not settled");
        return Ok(None);
    }
    Ok(Some(checkout))
}

async fn succeeded(state: &AppState, intent: IntentObject) -> Result<(), EventError> {
    if let Some(tip) = tip_of(&intent) {
        return tip_succeeded(state, tip, intent).await;
    }
    let Some(checkout) = checkout_of(state, &intent).await? else {
        return Ok(());
    };
    if intent.amount != checkout.total_cents
        || !intent.currency.eq_ignore_ascii_case(&checkout.currency)
    {
        tracing::error!(
            intent = %intent.id,
            checkout = checkout.id,
            paid = intent.amount,
            paid_currency = %intent.currency,
            total = checkout.total_cents,
            currency = %checkout.currency,
            "a Stripe payment's amount is not its checkout's: not settled"
        );
        return Ok(());
    }
    let now = state.clock.now_ms();
    // No deadline: the money moved already, so a checkout still open is settled even when its
    // reservation just ran out (its stock is still held).
    let settled = checkouts::settle(
        &state.db,
        checkout.id,
        &intent.id,
        None,
        state.platform_fee_percent,
        None,
        now,
    )
    .await?;
    match settled {
        Settled::Paid(notices) => {
            for notice in notices {
                notifications::announce(state, Some(notice)).await;
            }
        }
        Settled::NotOpen => {
            let now = checkouts::by_id(&state.db, checkout.id).await?;
            if now.is_some_and(|row| row.status == "paid") {
                return Ok(());
            }
            // Expired or failed: its stock is gone, so the money goes back.
            tracing::warn!(intent = %intent.id, checkout = checkout.id, "a Stripe payment for a closed checkout is refunded");
            return refund(state, intent.id).await;
        }
    }
    Ok(())
}

async fn failed(state: &AppState, intent: IntentObject) -> Result<(), EventError> {
    if let Some(tip) = tip_of(&intent) {
        tips::cancel_intent(&state.db, tip, &intent.id).await?;
        return Ok(());
    }
    let Some(checkout) = checkout_of(state, &intent).await? else {
        return Ok(());
    };
    let message = intent
        .last_payment_error
        .and_then(|err| err.message)
        .unwrap_or_else(|| PAYMENT_FAILED.to_owned());
    checkouts::release(&state.db, checkout.id, "failed", Some(&message)).await?;
    Ok(())
}

/// The tip an intent pays, when its metadata names one.
fn tip_of(intent: &IntentObject) -> Option<i64> {
    intent.metadata.get("tip_id")?.parse().ok()
}

/// Gives back a payment that nothing holds any more (its tip or checkout gave up waiting).
async fn refund(state: &AppState, intent: String) -> Result<(), EventError> {
    state
        .payments
        .refund(&Receipt { reference: intent })
        .await
        .map_err(anyhow::Error::from)?;
    Ok(())
}

/// Pays tip `id` when the intent is the one it waits for, with its amount in dollars; its
/// creator is credited and told. A payment for a tip given up is refunded.
async fn tip_succeeded(state: &AppState, id: i64, intent: IntentObject) -> Result<(), EventError> {
    let Some(tip) = tips::payment_of(&state.db, id).await? else {
        tracing::warn!(intent = %intent.id, tip = id, "a Stripe payment for a tip given up is refunded");
        return refund(state, intent.id).await;
    };
    if tip.status == "paid" {
        if tip.payment_reference.as_deref() != Some(intent.id.as_str()) {
            tracing::error!(intent = %intent.id, tip = id, "a second Stripe payment for a paid tip is refunded");
            return refund(state, intent.id).await;
        }
        return Ok(());
    }
    if tip.payment_intent.as_deref() != Some(intent.id.as_str()) {
        tracing::error!(intent = %intent.id, tip = id, "a Stripe payment for a tip that waits for another: not paid");
        return Ok(());
    }
    if intent.amount != tip.amount_cents
        || !intent
            .currency
            .eq_ignore_ascii_case(crate::kernel::money::CURRENCY)
    {
        tracing::error!(
            intent = %intent.id,
            tip = id,
            paid = intent.amount,
            paid_currency = %intent.currency,
            amount = tip.amount_cents,
            "a Stripe payment's amount is not its tip's: not paid"
        );
        return Ok(());
    }
    match tips::pay(&state.db, id, &intent.id, state.clock.now_ms()).await {
        Ok((_, notice)) => {
            notifications::announce(state, notice).await;
            Ok(())
        }
        // Given up between the read and the payment: the money goes back.
        Err(sqlx::Error::RowNotFound) => refund(state, intent.id).await,
        Err(err) => Err(err.into()),
    }
}
