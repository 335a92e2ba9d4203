//! A checkout, step by step (issue 42, docs/payments.md): the review step opens it (every line
//! priced as the catalogue has it now and its stock reserved for 15 minutes, the physical lines
//! shipped to the buyer's remembered address); the payment step pays it through the provider;
//! a card that asks for an extra confirmation step waits for it; a failed payment or the
//! release job gives the stock back. No HTTP here: `refusals.rs` words the refusals.

use chrono::Datelike;

use crate::economy::store::checkouts::{
    self, Address, Card, CheckoutRow, Created, NewCheckout, NewLine, Settled,
};
use crate::economy::store::shop;
use crate::notifications;
use crate::platform::payments::NewIntent;
use crate::platform::payments::test_cards::{
    self, CardInput, CardOutcome, CardProblem, CardSummary,
};
use crate::platform::state::AppState;

/// At most this many lines are checked out at once.
pub const MAX_LINES: usize = 20;

/// Stripe's words when the buyer fails the extra confirmation step.
pub const NOT_AUTHENTICATED: &str = "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

/// Why a checkout was not opened; nothing moved.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("no lines")]
    Empty,
    #[error("too many lines")]
    TooManyLines,
    #[error("a product twice")]
    DuplicateLine,
    /// Not in the catalogue for this buyer (gone, unlisted, behind a block).
    #[error("no such product")]
    ProductNotFound,
    #[error("your own work")]
    OwnWork,
    #[error("a digital work is bought one at a time")]
    DigitalQuantity,
    /// A physical line and no remembered shipping address.
    #[error("no shipping address")]
    AddressRequired,
    #[error("{name}: only {left} left")]
    OutOfStock { name: String, left: i64 },
    #[error("the price of product {product_id} is now {unit_price}")]
    PriceChanged { product_id: i64, unit_price: i64 },
    /// The Idempotency-Key opened a checkout of other lines.
    #[error("idempotency key reused")]
    KeyReused,
    #[error(transparent)]
    Failed(#[from] sqlx::Error),
}

/// Why a payment did not go through.
#[derive(Debug, thiserror::Error)]
pub enum PayError {
    #[error("no such checkout")]
    NotFound,
    /// Paid, failed or timed out already (its stock released): review the cart again.
    #[error("checkout closed")]
    Closed,
    /// Waiting for the extra confirmation step (or, for `confirm`, not waiting for it).
    #[error("not at this step")]
    WrongStep,
    /// The card form is not a card (nothing changed; fix it and pay again).
    #[error("card invalid")]
    Card(CardProblem),
    /// The provider declined: the checkout failed and its stock went back.
    #[error("declined: {0}")]
    Declined(&'static str),
    /// This step belongs to the other provider (a card sent while Stripe takes the payments,
    /// or a PaymentIntent asked of the test provider); nothing changed.
    #[error("another payment provider")]
    WrongProvider,
    /// The provider could not be reached or refused the request; nothing changed here.
    #[error("payment provider failed: {0}")]
    Provider(anyhow::Error),
    #[error(transparent)]
    Failed(#[from] sqlx::Error),
}

/// One line of the cart as the buyer saw it.
#[derive(Debug, Clone, Copy)]
pub struct CartLine {
    pub product_id: i64,
    pub quantity: i64,
    pub expected_unit_price: i64,
}

/// Opens a checkout of `lines` for `buyer` (the review step), or answers the one this
/// Idempotency-Key opened before when it holds the same lines.
pub async fn open(
    state: &AppState,
    buyer: i64,
    lines: &[CartLine],
    key: Option<&str>,
) -> Result<CheckoutRow, OpenError> {
    if let Some(key) = key
        && let Some(first) = checkouts::by_key(&state.db, buyer, key).await?
    {
        return same_lines(state, first, lines).await;
    }
    if lines.is_empty() {
        return Err(OpenError::Empty);
    }
    if lines.len() > MAX_LINES {
        return Err(OpenError::TooManyLines);
    }
    let mut ids: Vec<i64> = lines.iter().map(|line| line.product_id).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.len() != lines.len() {
        return Err(OpenError::DuplicateLine);
    }
    let products = shop::listed_among(&state.db, buyer, &ids).await?;
    let mut physical = false;
    for line in lines {
        let product = products
            .iter()
            .find(|product| product.id == line.product_id)
            .ok_or(OpenError::ProductNotFound)?;
        if product.seller_id == Some(buyer) {
            return Err(OpenError::OwnWork);
        }
        if product.price_cents != line.expected_unit_price {
            return Err(OpenError::PriceChanged {
                product_id: product.id,
                unit_price: product.price_cents,
            });
        }
        if product.kind == "digital" {
            if line.quantity != 1 {
                return Err(OpenError::DigitalQuantity);
            }
        } else {
            physical = true;
        }
    }
    let address = if physical {
        Some(
            checkouts::address(&state.db, buyer)
                .await?
                .ok_or(OpenError::AddressRequired)?,
        )
    } else {
        None
    };
    let new_lines: Vec<NewLine> = lines
        .iter()
        .map(|line| NewLine {
            product_id: line.product_id,
            quantity: line.quantity,
            unit_price_cents: line.expected_unit_price,
        })
        .collect();
    let created = checkouts::create(
        &state.db,
        &NewCheckout {
            buyer,
            lines: &new_lines,
            address: address.as_ref(),
            provider: state.payments.mode().provider(),
            test_mode: state.payments.mode().is_test(),
            idempotency_key: key,
            now: state.clock.now_ms(),
        },
    )
    .await?;
    let id = match created {
        Created::Created(id) => id,
        Created::OutOfStock { name, left, .. } => return Err(OpenError::OutOfStock { name, left }),
        Created::PriceChanged {
            product_id,
            unit_price,
        } => {
            return Err(OpenError::PriceChanged {
                product_id,
                unit_price,
            });
        }
        Created::Gone { .. } => return Err(OpenError::ProductNotFound),
        Created::DuplicateKey => {
            // A concurrent request with the same key won: its checkout is the answer.
            let key = key.unwrap_or_default();
            let first = checkouts::by_key(&state.db, buyer, key)
                .await?
                .ok_or(OpenError::KeyReused)?;
            return same_lines(state, first, lines).await;
        }
    };
    Ok(checkouts::get(&state.db, id, buyer)
        .await?
        .expect("the checkout was just created"))
}

/// The checkout a retried Idempotency-Key opened, when it holds the same lines at the same prices.
async fn same_lines(
    state: &AppState,
    first: CheckoutRow,
    lines: &[CartLine],
) -> Result<CheckoutRow, OpenError> {
    let held = checkouts::lines_of(&state.db, &[first.id]).await?;
    let same = held.len() == lines.len()
        && lines.iter().all(|line| {
            held.iter().any(|h| {
                h.product_id == line.product_id
                    && h.quantity == line.quantity
                    && h.unit_price_cents == line.expected_unit_price
            })
        });
    if same {
        Ok(first)
    } else {
        Err(OpenError::KeyReused)
    }
}

/// What the test provider does with `card` today (by the app's clock): its summary and outcome.
pub fn check_card(
    state: &AppState,
    card: &CardInput<'_>,
) -> Result<(CardSummary, CardOutcome), CardProblem> {
    let today = chrono::DateTime::from_timestamp_millis(state.clock.now_ms()).unwrap_or_default();
    test_cards::check(card, today.year() as u32, today.month())
}

/// Tips have no pending step to wait on (they are paid in one request): a card that asks for
/// the extra confirmation step is refused with these words.
pub const TIP_NEEDS_CONFIRMATION: &str =
    "This card asks for an extra confirmation step, which tips cannot take. Use another card.";

/// The test provider's reference of checkout `id`'s payment.
fn test_reference(id: i64) -> String {
    format!("test_pi_{id}")
}

/// Refuses a card while Stripe takes the payments: in that mode the card is entered in
/// Stripe's form and never reaches this server.
pub fn takes_cards(state: &AppState) -> Result<(), PayError> {
    if state.payments.mode().takes_cards() {
        Ok(())
    } else {
        Err(PayError::WrongProvider)
    }
}

/// A checkout whose payment the browser confirms with Stripe.js.
pub struct Started {
    pub checkout: CheckoutRow,
    /// The PaymentIntent's client secret, for Stripe.js only.
    pub client_secret: String,
}

/// The Idempotency-Key of checkout `id`'s PaymentIntent: every attempt answers the same intent.
pub fn intent_key(id: i64) -> String {
    format!("atelier-checkout-{id}")
}

/// Starts (or answers again) the Stripe payment of `buyer`'s open checkout `id`: a
/// PaymentIntent for the checkout's own total and currency, kept as its payment reference.
/// The checkout stays `pending_payment`, its stock reserved, until Stripe's webhook says the
/// money moved (`economy::stripe_events`).
pub async fn start_payment(state: &AppState, buyer: i64, id: i64) -> Result<Started, PayError> {
    let checkout = open_checkout(state, buyer, id).await?;
    if state.payments.mode().takes_cards() || checkout.provider != "stripe" {
        return Err(PayError::WrongProvider);
    }
    if checkout.status != "pending_payment" {
        return Err(PayError::WrongStep);
    }
    let id_text = id.to_string();
    let key = intent_key(id);
    let intent = state
        .payments
        .create_intent(NewIntent {
            amount_cents: checkout.total_cents,
            currency: &checkout.currency,
            metadata: ("metadata[checkout_id]", id_text.as_str()),
            idempotency_key: &key,
        })
        .await
        .map_err(|err| PayError::Provider(err.into()))?;
    if !checkouts::attach_payment(&state.db, id, &intent.id).await? {
        let now = answer(state, buyer, id).await?;
        return Err(if now.is_open() || now.status == "paid" {
            PayError::WrongStep
        } else {
            PayError::Closed
        });
    }
    Ok(Started {
        checkout: answer(state, buyer, id).await?,
        client_secret: intent.client_secret,
    })
}

/// Pays `buyer`'s open checkout `id` with `card` through the test provider (Stripe's test
/// cards, docs/payments.md). A paid checkout answers as it is (a retried request).
pub async fn pay(
    state: &AppState,
    buyer: i64,
    id: i64,
    card: &CardInput<'_>,
) -> Result<CheckoutRow, PayError> {
    takes_cards(state)?;
    let checkout = open_checkout(state, buyer, id).await?;
    if checkout.status == "paid" {
        return Ok(checkout);
    }
    if checkout.status != "pending_payment" {
        return Err(PayError::WrongStep);
    }
    let now = state.clock.now_ms();
    let (summary, outcome) = check_card(state, card).map_err(PayError::Card)?;
    let card = Card {
        brand: summary.brand,
        last4: &summary.last4,
    };
    match outcome {
        CardOutcome::Declined { message, .. } => {
            checkouts::release(&state.db, id, "failed", Some(message)).await?;
            Err(PayError::Declined(message))
        }
        CardOutcome::RequiresAction => {
            if !checkouts::require_action(&state.db, id, &test_reference(id), card, now).await? {
                return Err(PayError::Closed);
            }
            answer(state, buyer, id).await
        }
        CardOutcome::Succeeds => settle(state, buyer, id, Some(card)).await,
    }
}

/// The buyer's answer to the extra confirmation step of checkout `id`: completed pays it,
/// failed fails it (its stock goes back).
pub async fn confirm(
    state: &AppState,
    buyer: i64,
    id: i64,
    completed: bool,
) -> Result<CheckoutRow, PayError> {
    takes_cards(state)?;
    let checkout = open_checkout(state, buyer, id).await?;
    if checkout.status == "paid" && completed {
        return Ok(checkout);
    }
    if checkout.status != "requires_action" {
        return Err(PayError::WrongStep);
    }
    if completed {
        settle(state, buyer, id, None).await
    } else {
        checkouts::release(&state.db, id, "failed", Some(NOT_AUTHENTICATED)).await?;
        Err(PayError::Declined(NOT_AUTHENTICATED))
    }
}

/// `buyer`'s checkout `id`, released first when its reservation ran out (the release job may
/// not have come by yet): a closed one is refused, a paid one answered.
async fn open_checkout(state: &AppState, buyer: i64, id: i64) -> Result<CheckoutRow, PayError> {
    let checkout = checkouts::get(&state.db, id, buyer)
        .await?
        .ok_or(PayError::NotFound)?;
    if checkout.is_open() && checkout.expires_at <= state.clock.now_ms() {
        checkouts::release(&state.db, id, "expired", None).await?;
        return Err(PayError::Closed);
    }
    if checkout.is_open() || checkout.status == "paid" {
        Ok(checkout)
    } else {
        Err(PayError::Closed)
    }
}

/// Settles checkout `id` (the test provider's money having moved); its sellers hear of it.
async fn settle(
    state: &AppState,
    buyer: i64,
    id: i64,
    card: Option<Card<'_>>,
) -> Result<CheckoutRow, PayError> {
    let now = state.clock.now_ms();
    let settled = checkouts::settle(
        &state.db,
        id,
        &test_reference(id),
        card,
        state.platform_fee_percent,
        Some(now),
        now,
    )
    .await?;
    match settled {
        Settled::Paid(notices) => {
            for notice in notices {
                notifications::announce(state, Some(notice)).await;
            }
            answer(state, buyer, id).await
        }
        Settled::NotOpen => {
            let checkout = answer(state, buyer, id).await?;
            if checkout.status == "paid" {
                Ok(checkout)
            } else {
                Err(PayError::Closed)
            }
        }
    }
}

async fn answer(state: &AppState, buyer: i64, id: i64) -> Result<CheckoutRow, PayError> {
    checkouts::get(&state.db, id, buyer)
        .await?
        .ok_or(PayError::NotFound)
}

/// The release job's pass: every open checkout whose reservation ran out by the app's clock
/// ends `expired` and gives its stock back. Answers how many were released.
pub async fn release_timed_out(state: &AppState) -> Result<usize, sqlx::Error> {
    let mut released = 0;
    loop {
        let due = checkouts::timed_out(&state.db, state.clock.now_ms()).await?;
        let full = due.len() as i64 == checkouts::RELEASE_BATCH;
        for id in due {
            if checkouts::release(&state.db, id, "expired", None).await? {
                released += 1;
            }
        }
        if !full {
            return Ok(released);
        }
    }
}

/// Checks a shipping address's fields (trimmed): the first problem's message.
pub fn parse_address(raw: RawAddress<'_>) -> Result<Address, &'static str> {
    fn field(value: Option<&str>, max: usize) -> Result<Option<String>, ()> {
        let value = value.map(str::trim).filter(|v| !v.is_empty());
        match value {
            Some(v) if v.chars().count() > max || v.chars().any(char::is_control) => Err(()),
            other => Ok(other.map(str::to_owned)),
        }
    }
    let name = field(raw.name, 100)
        .ok()
        .flatten()
        .ok_or("Full name is required (at most 100 characters)")?;
    let line1 = field(raw.line1, 200)
        .ok()
        .flatten()
        .ok_or("Address line 1 is required (at most 200 characters)")?;
    let line2 =
        field(raw.line2, 200).map_err(|()| "Address line 2 must be at most 200 characters")?;
    let city = field(raw.city, 100)
        .ok()
        .flatten()
        .ok_or("City is required (at most 100 characters)")?;
    let postal_code = field(raw.postal_code, 20)
        .ok()
        .flatten()
        .filter(|code| {
            code.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-')
        })
        .ok_or("Postal code is required (letters, digits, spaces and dashes)")?;
    let country = raw
        .country
        .map(str::trim)
        .filter(|code| code.len() == 2 && code.bytes().all(|b| b.is_ascii_alphabetic()))
        .map(str::to_ascii_uppercase)
        .ok_or("Country must be a two-letter country code")?;
    Ok(Address {
        name,
        line1,
        line2,
        city,
        postal_code,
        country,
    })
}

/// A shipping address as the form sends it.
#[derive(Debug, Clone, Copy, Default)]
pub struct RawAddress<'a> {
    pub name: Option<&'a str>,
    pub line1: Option<&'a str>,
    pub line2: Option<&'a str>,
    pub city: Option<&'a str>,
    pub postal_code: Option<&'a str>,
    pub country: Option<&'a str>,
}
