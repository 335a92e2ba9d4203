use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::economy::checkout::Line;
use crate::economy::service;
use crate::economy::wire::shop::{Order, OrderConflictBody};
use crate::identity::CurrentUser;
use crate::kernel::money::{
    parse_expected_price, parse_order_payment, parse_product_id, parse_quantity,
};
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::http::idempotency::IdempotencyKey;
use crate::platform::state::AppState;

/// One cart line to buy, at the price the buyer was shown. The first client also sends
/// `productName` and `unitPrice` (and may send `price` or `totalAmount`): all ignored.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewOrderRequest {
    /// A product of the catalogue.
    #[schema(value_type = i64, required = true, minimum = 1)]
    pub product_id: Option<Value>,
    /// 1–99 units.
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 99)]
    pub quantity: Option<Value>,
    /// The unit price in cents the cart showed: when the catalogue's price is another, the line
    /// is refused (409 `price_changed`) and nothing is charged.
    #[schema(value_type = i64, required = true, minimum = 0)]
    pub expected_unit_price: Option<Value>,
    /// `stripe` (the only method; the built-in test provider stands behind it).
    #[schema(value_type = String, required = true, pattern = "^stripe$")]
    pub payment_method: Option<Value>,
}

/// Buys one cart line at the price the buyer was shown (`expectedUnitPrice`, else 409 with the
/// price now): the stock taken in the same transaction, paid through the payment provider. With an `Idempotency-Key` header, a retry answers the
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
        (status = 400, description = "Quantity outside 1–99, no product, no `expectedUnitPrice` (an older client), an unsupported payment method, or a malformed Idempotency-Key", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such product", body = ErrorBody),
        (status = 409, description = "`price_changed`: the product's price is not `expectedUnitPrice` (the body names the product and its price now; nothing was charged, reserved or credited); or `order_in_flight`: the same Idempotency-Key is still being checked out by another request", body = OrderConflictBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "Not enough stock (`Only {n} left in stock`, `{name} is sold out`), your own work (`You cannot buy your own work`), the payment was declined, or the Idempotency-Key was used for a different order (another product, quantity or expected price); nothing moved", body = ErrorBody),
    )
)]
pub async fn create_order(
    State(state): State<AppState>,
    current: CurrentUser,
    IdempotencyKey(key): IdempotencyKey,
    Json(body): Json<NewOrderRequest>,
) -> ApiResult<(StatusCode, Json<Order>)> {
    let line = Line {
        buyer: current.user.id,
        product_id: parse_product_id(body.product_id.as_ref())?,
        quantity: parse_quantity(body.quantity.as_ref())?,
        method: parse_order_payment(body.payment_method.as_ref())?,
        expected_unit_price: parse_expected_price(body.expected_unit_price.as_ref())?,
        key: key.as_deref(),
        fee_percent: state.platform_fee_percent,
    };
    let bought = service::buy(&state, line).await?;
    Ok((StatusCode::CREATED, Json(Order::from(bought.order))))
}
