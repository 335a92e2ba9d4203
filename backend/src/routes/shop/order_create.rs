use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::Order;
use crate::auth::CurrentUser;
use crate::db;
use crate::db::shop::{NewOrder, OrderView, Placed};
use crate::domain::money::{
    PRODUCT_NOT_FOUND, parse_idempotency_key, parse_order_payment, parse_product_id, parse_quantity,
};
use crate::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::payments::{Charge, PaymentError, Receipt};
use crate::state::AppState;

pub const IDEMPOTENCY_KEY: &str = "idempotency-key";
const KEY_REUSED: &str = "This Idempotency-Key was already used for a different order";

/// One cart line to buy. The first client also sends `productName` and `unitPrice` (and may
/// send `price` or `totalAmount`): all ignored, name and prices are the catalogue's.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewOrderRequest {
    /// A product of the catalogue.
    #[schema(value_type = i64, required = true, minimum = 1)]
    pub product_id: Option<Value>,
    /// 1–99 units.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 99)]
    pub quantity: Option<Value>,
    /// `stripe` (the only method; the built-in test provider stands behind it).
    #[schema(value_type = String, required = true, pattern = "^stripe$")]
    pub payment_method: Option<Value>,
}

/// Buys one cart line: priced from the catalogue, the stock taken in the same transaction,
/// paid through the payment provider. With an `Idempotency-Key` header, a retry answers the
/// first order (201) and moves nothing again.
#[utoipa::path(
    post, path = "/orders", tag = "shop",
    request_body = NewOrderRequest,
    params(
        ("Idempotency-Key" = Option<String>, Header, description = "1–255 visible ASCII characters: the same key from the same user answers the first order again",
         min_length = 1, max_length = 255, pattern = "^[!-~]{1,255}$"),
    ),
    responses(
        (status = 201, description = "The order (or, for a retried Idempotency-Key, the first one)", body = Order),
        (status = 400, description = "Quantity outside 1–99, no product, an unsupported payment method, or a malformed Idempotency-Key", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "Not enough stock (`Only {n} left in stock`, `{name} is sold out`), the payment was declined, or the Idempotency-Key was used for a different order; nothing moved", body = ErrorBody),
    )
)]
pub async fn create_order(
    State(state): State<AppState>,
    current: CurrentUser,
    headers: HeaderMap,
    Json(body): Json<NewOrderRequest>,
) -> ApiResult<(StatusCode, Json<Order>)> {
    let me = current.user.id;
    let key = headers
        .get(IDEMPOTENCY_KEY)
        .map(|value| parse_idempotency_key(value.as_bytes()))
        .transpose()?;
    let product_id = parse_product_id(body.product_id.as_ref())?;
    let quantity = parse_quantity(body.quantity.as_ref())?;
    let method = parse_order_payment(body.payment_method.as_ref())?;

    if let Some(key) = key.as_deref()
        && let Some(first) = db::shop::order_by_key(&state.db, me, key).await?
    {
        return replay(first, product_id, quantity);
    }
    // A price that changes between the read and the write is read again (a handful of times).
    for attempt in 0..3 {
        let product = db::shop::product(&state.db, product_id)
            .await?
            .ok_or_else(|| ApiError::not_found(PRODUCT_NOT_FOUND))?;
        if product.stock < quantity {
            return Err(out_of_stock(&product.name, product.stock));
        }
        // The provider's key: concurrent retries of one line share it (and so one charge); an
        // attempt after a price change has its own, since it charges another amount.
        let provider_key = key.as_deref().map(|key| format!("{me}:{key}:{attempt}"));
        let receipt = state
            .payments
            .charge(Charge {
                user_id: me,
                amount_cents: product.price_cents * quantity,
                method,
                idempotency_key: provider_key.as_deref(),
            })
            .await
            .map_err(payment_refused)?;
        let placed = db::shop::place(
            &state.db,
            NewOrder {
                user_id: me,
                product_id,
                quantity,
                unit_price_cents: product.price_cents,
                payment_method: method,
                payment_reference: &receipt.reference,
                idempotency_key: key.as_deref(),
                created_at: state.clock.now_ms(),
            },
        )
        .await;
        let placed = match placed {
            Ok(Placed::Created(order)) => {
                return Ok((StatusCode::CREATED, Json(Order::from(order))));
            }
            Ok(other) => other,
            Err(err) => {
                refund(&state, &receipt).await;
                return Err(err.into());
            }
        };
        // Nothing was placed by this request. With a key, a concurrent retry may have placed the
        // line first, sharing this very charge when the provider honours keys: that order is
        // the answer, and its charge stands.
        if let Some(key) = key.as_deref() {
            let first = match db::shop::order_by_key(&state.db, me, key).await {
                Ok(first) => first,
                Err(err) => {
                    refund(&state, &receipt).await;
                    return Err(err.into());
                }
            };
            if let Some(first) = first {
                if first.payment_reference != receipt.reference {
                    refund(&state, &receipt).await;
                }
                return replay(first, product_id, quantity);
            }
        }
        refund(&state, &receipt).await;
        match placed {
            Placed::OutOfStock { left } => return Err(out_of_stock(&product.name, left)),
            Placed::DuplicateKey => {
                return Err(anyhow::anyhow!("order of a duplicate key vanished").into());
            }
            Placed::PriceChanged | Placed::Created(_) => continue,
        }
    }
    Err(anyhow::anyhow!("the price of product {product_id} kept changing").into())
}

/// The answer to a retried key: the first order when it is the same line, else 422.
fn replay(
    first: OrderView,
    product_id: i64,
    quantity: i64,
) -> ApiResult<(StatusCode, Json<Order>)> {
    if first.product_id != product_id || first.quantity != quantity {
        return Err(ApiError::unprocessable(
            "idempotency_key_reused",
            KEY_REUSED,
        ));
    }
    Ok((StatusCode::CREATED, Json(Order::from(first))))
}

fn out_of_stock(name: &str, left: i64) -> ApiError {
    if left > 0 {
        ApiError::unprocessable("insufficient_stock", format!("Only {left} left in stock"))
    } else {
        ApiError::unprocessable("sold_out", format!("{name} is sold out"))
    }
}

fn payment_refused(err: PaymentError) -> ApiError {
    match err {
        PaymentError::Declined(_) => {
            ApiError::unprocessable("payment_declined", "The payment was declined")
        }
        PaymentError::Provider(cause) => ApiError::Internal(cause),
    }
}

/// Gives back a charge that no order holds; a failure is logged for someone to act on (the
/// buyer was charged for nothing).
async fn refund(state: &AppState, receipt: &Receipt) {
    if let Err(err) = state.payments.refund(receipt).await {
        tracing::error!(error = ?err, reference = %receipt.reference, "refund failed");
    }
}
