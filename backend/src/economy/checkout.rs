//! Checkout (docs/shop-contract.md): one cart line bought. Priced from the catalogue, charged
//! through the payment provider, then placed (stock taken and the order written in one
//! transaction); a charge that no order holds is refunded. With an Idempotency-Key, a retry of
//! the same line answers the first order and moves nothing again, and the key is reserved
//! before the charge, so a retry racing the first request is told to wait (409) instead of
//! being charged too. No HTTP here: the handler parses the request and `platform/http/error.rs` words the
//! refusals.
//!
//! A tip (issue 23, docs/economy-contract.md) is paid here too: reserved (its key taken), charged,
//! then paid with the creator's credit in one transaction; a failed charge frees the key.

use crate::economy::store::shop::{NewOrder, OrderView, Placed};
use crate::economy::store::tips::{NewTip, Reserved, TipRow, Unreachable};
use crate::economy::store::{shop, tips};
use crate::kernel::money::platform_fee;
use crate::notifications::Notice;
use crate::platform::clock::Clock;
use crate::platform::db::Db;
use crate::platform::db::visibility;
use crate::platform::payments::{Charge, PaymentError, Payments, Receipt};

/// How many times a line is priced again when its price changes between the read and the write.
const PRICE_ATTEMPTS: u32 = 3;

/// One cart line, parsed.
#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
    pub buyer: i64,
    pub product_id: i64,
    pub quantity: i64,
    /// The unit price in cents the buyer was shown: any other price refuses the line.
    pub expected_unit_price: i64,
    pub method: &'static str,
    /// The request's Idempotency-Key.
    pub key: Option<&'a str>,
    /// The platform's share of a creator's work, in percent (`--platform-fee-percent`).
    pub fee_percent: u8,
}

/// Why a line was not bought; nothing moved (no charge is kept).
#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error("no such product")]
    ProductNotFound,
    /// A creator buying their own work.
    #[error("your own work")]
    OwnWork,
    /// More than one copy of a digital work in one line.
    #[error("a digital work is bought one at a time")]
    DigitalQuantity,
    /// Fewer units than asked for are left (0: sold out).
    #[error("{name}: only {left} left")]
    OutOfStock { name: String, left: i64 },
    /// The Idempotency-Key was used for a different line.
    #[error("idempotency key reused")]
    KeyReused,
    /// The same Idempotency-Key is being checked out by another request right now.
    #[error("order in flight")]
    InFlight,
    /// The catalogue's price is not the one the buyer was shown (issue 39): nothing was
    /// charged, reserved or credited.
    #[error("the price of product {product_id} is now {unit_price}")]
    PriceChanged { product_id: i64, unit_price: i64 },
    /// The provider refused the payment.
    #[error("payment declined")]
    Declined,
    #[error(transparent)]
    Failed(#[from] anyhow::Error),
}

impl From<sqlx::Error> for CheckoutError {
    fn from(err: sqlx::Error) -> Self {
        Self::Failed(err.into())
    }
}

/// A line bought: its order, and the seller's notification to announce (a creator's work,
/// bought by this request).
pub struct Bought {
    pub order: OrderView,
    pub notice: Option<Notice>,
}

/// Buys `line`: its order, or (for a retried key) the first one.
pub async fn checkout(
    db: &Db,
    payments: &Payments,
    clock: &Clock,
    line: Line<'_>,
) -> Result<Bought, CheckoutError> {
    let Line { buyer, key, .. } = line;
    let Some(key) = key else {
        return buy(db, payments, clock, line).await;
    };
    if let Some(first) = shop::order_by_key(db, buyer, key).await? {
        return replay(first, &line);
    }
    // The key is reserved before anything is charged: a concurrent retry waits (409) instead of
    // being charged too; the reservation goes whatever the outcome.
    if !shop::reserve_key(db, buyer, key, clock.now_ms()).await? {
        return match shop::order_by_key(db, buyer, key).await? {
            Some(first) => replay(first, &line),
            None => Err(CheckoutError::InFlight),
        };
    }
    // Placed between our first look and the reservation (its reservation already released).
    let bought = match shop::order_by_key(db, buyer, key).await {
        Ok(Some(first)) => replay(first, &line),
        Ok(None) => buy(db, payments, clock, line).await,
        Err(err) => Err(err.into()),
    };
    if let Err(err) = shop::release_key(db, buyer, key).await {
        tracing::warn!(error = ?err, "an order key stays reserved until it is stale");
    }
    bought
}

/// Charges and places `line` (its key, if any, reserved by the caller).
async fn buy(
    db: &Db,
    payments: &Payments,
    clock: &Clock,
    line: Line<'_>,
) -> Result<Bought, CheckoutError> {
    let Line {
        buyer,
        product_id,
        quantity,
        expected_unit_price,
        method,
        key,
        fee_percent,
    } = line;
    for attempt in 0..PRICE_ATTEMPTS {
        let product = shop::product(db, product_id)
            .await?
            .filter(|product| product.unlisted_at.is_none())
            .ok_or(CheckoutError::ProductNotFound)?;
        if let Some(seller) = product.seller_id {
            if seller == buyer {
                return Err(CheckoutError::OwnWork);
            }
            // A creator blocked either way is no one to buy from (their shop is hidden too).
            if visibility::blocked_between(db, buyer, seller).await? {
                return Err(CheckoutError::ProductNotFound);
            }
        }
        // The buyer pays what their cart showed or nothing: a price changed since (even
        // between this read and the write below, read again on the next attempt) is refused.
        if product.price_cents != expected_unit_price {
            return Err(CheckoutError::PriceChanged {
                product_id,
                unit_price: product.price_cents,
            });
        }
        let digital = product.kind == "digital";
        if digital && quantity != 1 {
            return Err(CheckoutError::DigitalQuantity);
        }
        if !digital && product.stock < quantity {
            return Err(CheckoutError::OutOfStock {
                name: product.name,
                left: product.stock,
            });
        }
        // The provider's key: concurrent retries of one line share it (and so one charge); an
        // attempt after a price change has its own, since it charges another amount.
        let provider_key = key.map(|key| format!("{buyer}:{key}:{attempt}"));
        let receipt = payments
            .charge(Charge {
                user_id: buyer,
                amount_cents: product.price_cents * quantity,
                method,
                idempotency_key: provider_key.as_deref(),
            })
            .await
            .map_err(|err| match err {
                PaymentError::Declined(_) => CheckoutError::Declined,
                PaymentError::Provider(cause) => CheckoutError::Failed(cause),
            })?;
        let placed = shop::place(
            db,
            NewOrder {
                user_id: buyer,
                product_id,
                quantity,
                unit_price_cents: product.price_cents,
                payment_method: method,
                payment_reference: &receipt.reference,
                idempotency_key: key,
                created_at: clock.now_ms(),
                seller_id: product.seller_id,
                fee_cents: platform_fee(product.price_cents * quantity, fee_percent),
            },
        )
        .await;
        let placed = match placed {
            Ok(Placed::Created(order, notice)) => {
                return Ok(Bought {
                    order: *order,
                    notice,
                });
            }
            Ok(other) => other,
            Err(err) => {
                refund(payments, &receipt).await;
                return Err(err.into());
            }
        };
        // Nothing was placed by this request. With a key, a concurrent retry may have placed the
        // line first, sharing this very charge when the provider honours keys: that order is
        // the answer, and its charge stands.
        if let Some(key) = key {
            let first = match shop::order_by_key(db, buyer, key).await {
                Ok(first) => first,
                Err(err) => {
                    refund(payments, &receipt).await;
                    return Err(err.into());
                }
            };
            if let Some(first) = first {
                if first.payment_reference != receipt.reference {
                    refund(payments, &receipt).await;
                }
                return replay(first, &line);
            }
        }
        refund(payments, &receipt).await;
        match placed {
            Placed::OutOfStock { left } => {
                return Err(CheckoutError::OutOfStock {
                    name: product.name,
                    left,
                });
            }
            Placed::DuplicateKey => {
                return Err(anyhow::anyhow!("order of a duplicate key vanished").into());
            }
            Placed::PriceChanged | Placed::Created(..) => continue,
        }
    }
    Err(anyhow::anyhow!("the price of product {product_id} kept changing").into())
}

/// The answer to a retried key: the first order when it is the same line at the same price.
fn replay(first: OrderView, line: &Line<'_>) -> Result<Bought, CheckoutError> {
    if first.product_id != line.product_id
        || first.quantity != line.quantity
        || first.unit_price_cents != line.expected_unit_price
    {
        return Err(CheckoutError::KeyReused);
    }
    Ok(Bought {
        order: first,
        notice: None,
    })
}

/// Gives back a charge that no order holds; a failure is logged for someone to act on (the
/// buyer was charged for nothing).
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
