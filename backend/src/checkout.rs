//! Checkout (docs/shop-contract.md): one cart line bought. Priced from the catalogue, charged
//! through the payment provider, then placed (stock taken and the order written in one
//! transaction); a charge that no order holds is refunded. With an Idempotency-Key, a retry of
//! the same line answers the first order and moves nothing again. No HTTP here: the handler
//! parses the request and `error.rs` words the refusals.

use crate::clock::Clock;
use crate::db::shop::{NewOrder, OrderView, Placed};
use crate::db::{self, Db};
use crate::payments::{Charge, PaymentError, Payments, Receipt};

/// How many times a line is priced again when its price changes between the read and the write.
const PRICE_ATTEMPTS: u32 = 3;

/// One cart line, parsed.
#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
    pub buyer: i64,
    pub product_id: i64,
    pub quantity: i64,
    pub method: &'static str,
    /// The request's Idempotency-Key.
    pub key: Option<&'a str>,
}

/// Why a line was not bought; nothing moved (no charge is kept).
#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error("no such product")]
    ProductNotFound,
    /// Fewer units than asked for are left (0: sold out).
    #[error("{name}: only {left} left")]
    OutOfStock { name: String, left: i64 },
    /// The Idempotency-Key was used for a different line.
    #[error("idempotency key reused")]
    KeyReused,
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

/// Buys `line`: its order, or (for a retried key) the first one.
pub async fn checkout(
    db: &Db,
    payments: &Payments,
    clock: &Clock,
    line: Line<'_>,
) -> Result<OrderView, CheckoutError> {
    let Line {
        buyer,
        product_id,
        quantity,
        method,
        key,
    } = line;
    if let Some(key) = key
        && let Some(first) = db::shop::order_by_key(db, buyer, key).await?
    {
        return replay(first, &line);
    }
    for attempt in 0..PRICE_ATTEMPTS {
        let product = db::shop::product(db, product_id)
            .await?
            .ok_or(CheckoutError::ProductNotFound)?;
        if product.stock < quantity {
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
        let placed = db::shop::place(
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
            },
        )
        .await;
        let placed = match placed {
            Ok(Placed::Created(order)) => return Ok(order),
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
            let first = match db::shop::order_by_key(db, buyer, key).await {
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
            Placed::PriceChanged | Placed::Created(_) => continue,
        }
    }
    Err(anyhow::anyhow!("the price of product {product_id} kept changing").into())
}

/// The answer to a retried key: the first order when it is the same line.
fn replay(first: OrderView, line: &Line<'_>) -> Result<OrderView, CheckoutError> {
    if first.product_id != line.product_id || first.quantity != line.quantity {
        return Err(CheckoutError::KeyReused);
    }
    Ok(first)
}

/// Gives back a charge that no order holds; a failure is logged for someone to act on (the
/// buyer was charged for nothing).
async fn refund(payments: &Payments, receipt: &Receipt) {
    if let Err(err) = payments.refund(receipt).await {
        tracing::error!(error = ?err, reference = %receipt.reference, "refund failed");
    }
}
