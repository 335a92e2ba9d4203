use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::economy::checkouts::{self, CartLine, MAX_LINES};
use crate::economy::store::checkouts as store;
use crate::economy::wire::checkout::Checkout;
use crate::economy::wire::shop::OrderConflictBody;
use crate::identity::CurrentUser;
use crate::kernel::money::{parse_expected_price, parse_product_id, parse_quantity};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::http::idempotency::IdempotencyKey;
use crate::platform::state::AppState;

/// A cart line at the price the buyer was shown.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutLineRequest {
    #[schema(value_type = i64, required = true, minimum = 1)]
    pub product_id: Option<Value>,
    /// 1–99 units (1 for a digital work).
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 99)]
    pub quantity: Option<Value>,
    /// The unit price in cents the cart showed: when the catalogue's is another, 409
    /// `price_changed` and nothing is reserved.
    #[schema(value_type = i64, required = true, minimum = 0)]
    pub expected_unit_price: Option<Value>,
}

/// The cart to check out.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewCheckoutRequest {
    /// 1–20 lines, each product once.
    #[schema(required = true, nullable = false, min_items = 1, max_items = 20)]
    pub lines: Option<Vec<CheckoutLineRequest>>,
}

/// Opens a checkout of the cart (the review step): each line priced as the catalogue has it
/// now (the price the cart showed, else 409), its stock reserved for 15 minutes, the physical
/// lines shipped to your saved address. Nothing is charged until it is paid.
#[utoipa::path(
    post, path = "/checkouts", tag = "checkout",
    request_body = NewCheckoutRequest,
    params(
        ("Idempotency-Key" = Option<String>, Header, description = "1–255 visible ASCII characters: the same key from the same user answers the first checkout again",
         min_length = 1, max_length = 255, pattern = "^[!-~]{1,255}$"),
    ),
    responses(
        (status = 201, description = "The checkout, pending payment (or, for a retried Idempotency-Key, the first one)", body = Checkout),
        (status = 400, description = "No lines, more than 20, a product twice, a quantity outside 1–99 (or a digital work more than once), no product or no expected price, or a malformed Idempotency-Key", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such product (or unlisted, or its seller blocked)", body = ErrorBody),
        (status = 409, description = "`price_changed`: a line's price is not its `expectedUnitPrice` (the body names the product and its price now); nothing was reserved", body = OrderConflictBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "Not enough stock, your own work, no shipping address for a physical item (`address_required`), or the Idempotency-Key opened a checkout of other lines; nothing moved", body = ErrorBody),
    )
)]
pub async fn create_checkout(
    State(state): State<AppState>,
    current: CurrentUser,
    IdempotencyKey(key): IdempotencyKey,
    Json(body): Json<NewCheckoutRequest>,
) -> ApiResult<(StatusCode, Json<Checkout>)> {
    let raw = body
        .lines
        .ok_or_else(|| ApiError::bad_request("Your cart is empty"))?;
    if raw.len() > MAX_LINES {
        return Err(ApiError::bad_request(format!(
            "At most {MAX_LINES} different items can be checked out at once"
        )));
    }
    let lines = raw
        .iter()
        .map(|line| {
            Ok(CartLine {
                product_id: parse_product_id(line.product_id.as_ref())?,
                quantity: parse_quantity(line.quantity.as_ref())?,
                expected_unit_price: parse_expected_price(line.expected_unit_price.as_ref())?,
            })
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    let row = checkouts::open(&state, current.user.id, &lines, key.as_deref()).await?;
    let lines = store::lines_of(&state.db, &[row.id]).await?;
    Ok((StatusCode::CREATED, Json(Checkout::new(row, lines))))
}
