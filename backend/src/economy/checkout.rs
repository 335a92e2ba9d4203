//! A tip (issue 23, docs/economy-contract.md): reserved (its key taken), charged through the
//! payment provider, then paid with the creator's credit in one transaction; a failed charge
//! frees the key, and a charge that no tip holds is refunded. No HTTP here: `refusals.rs` words
//! the refusals. (A cart is bought through a checkout: economy/checkouts.rs.)

use crate::economy::store::tips::{self, NewTip, Reserved, TipRow, Unreachable};
use crate::notifications::Notice;
use crate::platform::clock::Clock;
use crate::platform::db::Db;
use crate::platform::payments::{Charge, Intent, NewIntent, PaymentError, Payments, Receipt};

/// Gives back a charge that no tip holds; a failure is logged for someone to act on (the
/// sender was charged for nothing).
async fn refund(payments: &Payments, receipt: &Receipt) {
    if let Err(err) = payments.refund(receipt).await {
        tracing::error!(error = ?err, reference = %receipt.reference, "refund failed");
    }
}

/// Why a tip was not sent; nothing was charged or stored.
#[derive(Debug, thiserror::Error)]
pub enum TipError {
    #[error("a tip to yourself")]
    ToYourself,
    #[error("cannot be tipped")]
    Unreachable(Unreachable),
    /// The same Idempotency-Key is being charged by another request right now.
    #[error("tip in flight")]
    InFlight,
    /// The Idempotency-Key was used for a different tip.
    #[error("idempotency key reused")]
    KeyReused,
    #[error("payment declined")]
    Declined,
    /// The tip was sent to the other provider's step: a card at Atelier while Stripe takes the
    /// payments, or a PaymentIntent while the test provider does (docs/payments.md).
    #[error("the other payment provider's step")]
    WrongProvider,
    /// Stripe could not be reached; nothing was kept.
    #[error("the payment provider failed: {0}")]
    Provider(anyhow::Error),
    /// The card form is not a card (nothing charged).
    #[error("card invalid")]
    Card(crate::platform::payments::test_cards::CardProblem),
    /// The test provider declined the card (Stripe's words); nothing charged.
    #[error("card declined: {0}")]
    CardDeclined(&'static str),
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

impl From<sqlx::Error> for TipError {
    fn from(err: sqlx::Error) -> Self {
        Self::Failed(err.into())
    }
}

/// A tip sent: the tip, whether this request made it (a retried key answers the first), and
/// the creator's notification to announce.
pub struct Tipped {
    pub tip: TipRow,
    pub created: bool,
    pub notice: Option<Notice>,
}

/// Sends `new` (its fee already computed): checks where it goes, reserves its key, charges,
/// then pays it with its credit; a charge no tip holds is refunded.
pub async fn tip(
    db: &Db,
    payments: &Payments,
    clock: &Clock,
    new: NewTip<'_>,
) -> Result<Tipped, TipError> {
    if new.from_user_id == new.to_user_id {
        return Err(TipError::ToYourself);
    }
    tips::reachable(db, &new)
        .await?
        .map_err(TipError::Unreachable)?;
    let id = match tips::reserve(db, &new).await? {
        Reserved::New(id) => id,
        Reserved::InFlight => return Err(TipError::InFlight),
        Reserved::KeyReused => return Err(TipError::KeyReused),
        Reserved::Paid(first) => {
            return Ok(Tipped {
                tip: *first,
                created: false,
                notice: None,
            });
        }
    };
    let provider_key = new
        .idempotency_key
        .map(|key| format!("tip:{}:{key}", new.from_user_id));
    let charged = payments
        .charge(Charge {
            user_id: new.from_user_id,
            amount_cents: new.amount_cents,
            method: crate::kernel::money::STRIPE,
            idempotency_key: provider_key.as_deref(),
        })
        .await;
    let receipt = match charged {
        Ok(receipt) => receipt,
        Err(err) => {
            tips::cancel(db, id).await?;
            return Err(match err {
                PaymentError::Declined(_) => TipError::Declined,
                PaymentError::Provider(cause) => TipError::Failed(cause),
            });
        }
    };
    match tips::pay(db, id, &receipt.reference, clock.now_ms()).await {
        Ok((tip, notice)) => Ok(Tipped {
            tip,
            created: true,
            notice,
        }),
        Err(err) => {
            refund(payments, &receipt).await;
            if let Err(cancel) = tips::cancel(db, id).await {
                tracing::error!(error = ?cancel, tip = id, "a refunded tip stays reserved");
            }
            Err(err.into())
        }
    }
}

/// The Stripe key of tip `id`'s PaymentIntent: asking again for the same tip answers the same
/// intent.
pub fn tip_intent_key(id: i64) -> String {
    format!("atelier-tip-{id}")
}

/// Starts paying `new` through Stripe (its fee already computed): checks where it goes,
/// reserves it as `pending` and makes a PaymentIntent for its amount in dollars, which the
/// browser confirms and Stripe's webhook pays (`stripe_events.rs`). Nothing is credited here.
pub async fn start_tip(
    db: &Db,
    payments: &Payments,
    new: NewTip<'_>,
) -> Result<(TipRow, Intent), TipError> {
    if new.from_user_id == new.to_user_id {
        return Err(TipError::ToYourself);
    }
    tips::reachable(db, &new)
        .await?
        .map_err(TipError::Unreachable)?;
    // No Idempotency-Key: each request is a tip of its own, charged only when confirmed.
    let id = tips::insert_pending(
        db,
        &NewTip {
            idempotency_key: None,
            ..new
        },
    )
    .await?;
    let id_text = id.to_string();
    let key = tip_intent_key(id);
    let made = payments
        .create_intent(NewIntent {
            amount_cents: new.amount_cents,
            currency: crate::kernel::money::CURRENCY,
            metadata: ("metadata[tip_id]", id_text.as_str()),
            idempotency_key: &key,
        })
        .await;
    let intent = match made {
        Ok(intent) => intent,
        Err(err) => {
            tips::cancel(db, id).await?;
            return Err(TipError::Provider(err.into()));
        }
    };
    if !tips::attach_intent(db, id, &intent.id).await? {
        return Err(TipError::Failed(anyhow::anyhow!(
            "a new tip stopped waiting"
        )));
    }
    let tip = tips::sent_by(db, new.from_user_id, id)
        .await?
        .ok_or_else(|| TipError::Failed(anyhow::anyhow!("a new tip is gone")))?;
    Ok((tip, intent))
}
