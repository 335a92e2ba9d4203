//! The economy's service: a tip paid (economy/checkout.rs charges and writes it), a payout
//! decided, a sold line shipped, then the creator, the payee or the buyer told. (A checkout's
//! steps are economy/checkouts.rs.)

use crate::economy::checkout::{self, TipError, Tipped};
use crate::economy::checkouts;
use crate::economy::store::payouts::{self, Decided, Decision};
use crate::economy::store::shop::{self, Shipping};
use crate::economy::store::tips::{self, NewTip, TipRow};
use crate::notifications;
use crate::platform::payments::Intent;
use crate::platform::payments::test_cards::{CardInput, CardOutcome};
use crate::platform::state::AppState;

/// A card typed at Atelier pays a tip only while the test provider takes the payments; with
/// Stripe a tip is paid through a PaymentIntent (`start_tip`; docs/payments.md).
pub fn tips_taken(state: &AppState) -> Result<(), TipError> {
    if state.payments.mode().takes_cards() {
        Ok(())
    } else {
        Err(TipError::WrongProvider)
    }
}

/// Starts paying a tip through Stripe (Stripe mode only): the tip waits, `pending`, for
/// Stripe's webhook; its creator hears of it once paid.
pub async fn start_tip(state: &AppState, new: NewTip<'_>) -> Result<(TipRow, Intent), TipError> {
    if state.payments.mode().takes_cards() {
        return Err(TipError::WrongProvider);
    }
    checkout::start_tip(&state.db, &state.payments, new).await
}

/// Pays a tip with `card` (the test provider's card rules first: a card that is not one, or
/// that the provider declines, charges nothing); its creator hears of it.
pub async fn tip(
    state: &AppState,
    new: NewTip<'_>,
    card: &CardInput<'_>,
) -> Result<Tipped, TipError> {
    tips_taken(state)?;
    let (_, outcome) = checkouts::check_card(state, card).map_err(TipError::Card)?;
    match outcome {
        CardOutcome::Succeeds => {}
        CardOutcome::Declined { message, .. } => return Err(TipError::CardDeclined(message)),
        CardOutcome::RequiresAction => {
            return Err(TipError::CardDeclined(checkouts::TIP_NEEDS_CONFIRMATION));
        }
    }
    let tipped = checkout::tip(&state.db, &state.payments, &state.clock, new).await?;
    notifications::announce(state, tipped.notice).await;
    Ok(tipped)
}

/// A seller marks their physical line shipped; its buyer hears of it (once).
pub async fn ship(
    state: &AppState,
    seller: i64,
    order: i64,
    note: Option<&str>,
) -> Result<Shipping, sqlx::Error> {
    let shipping = shop::ship(&state.db, seller, order, note, state.clock.now_ms()).await?;
    if let Shipping::Shipped(notice) = shipping {
        notifications::announce(state, notice).await;
    }
    Ok(shipping)
}

/// An admin decides a pending withdrawal; its creator hears of it.
pub async fn decide_withdrawal(
    state: &AppState,
    id: i64,
    decision: Decision,
    notes: &str,
    admin: i64,
) -> Result<Decided, sqlx::Error> {
    let decided = payouts::decide_withdrawal(
        &state.db,
        id,
        decision,
        notes,
        state.payments.mode().is_test(),
        admin,
        state.clock.now_ms(),
    )
    .await?;
    if let Decided::Done(notice) = decided {
        notifications::announce(state, notice).await;
    }
    Ok(decided)
}

/// Gives up the Stripe tips whose payment never came within the hour (housekeeping); a payment
/// that still arrives for one is refunded by the webhook.
pub async fn give_up_abandoned_tips(state: &AppState) -> Result<u64, sqlx::Error> {
    let gone = tips::give_up_abandoned(&state.db, state.clock.now_ms()).await?;
    if gone > 0 {
        tracing::info!(gone, "abandoned Stripe tips given up");
    }
    Ok(gone)
}
