use axum::extract::State;

use crate::economy::checkouts::{RawAddress, parse_address};
use crate::economy::store::checkouts;
use crate::economy::wire::checkout::ShippingAddressRequest;
use crate::economy::wire::shop::ShippingAddress;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

/// Your remembered shipping address (null until you save one).
#[utoipa::path(
    get, path = "/user/shipping-address", tag = "checkout",
    responses(
        (status = 200, description = "Your shipping address, or null", body = Option<ShippingAddress>),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn get_address(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Option<ShippingAddress>>> {
    let address = checkouts::address(&state.db, current.user.id).await?;
    Ok(Json(address.map(ShippingAddress::from)))
}

/// Saves your shipping address (the checkout's shipping step): where the physical items of
/// your next checkouts ship.
#[utoipa::path(
    put, path = "/user/shipping-address", tag = "checkout",
    request_body = ShippingAddressRequest,
    responses(
        (status = 200, description = "The address as saved (trimmed; the country upper-cased)", body = ShippingAddress),
        (status = 400, description = "A field missing or invalid (the message names it); nothing saved", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn put_address(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<ShippingAddressRequest>,
) -> ApiResult<Json<ShippingAddress>> {
    let address = parse_address(RawAddress {
        name: body.name.as_deref(),
        line1: body.line1.as_deref(),
        line2: body.line2.as_deref(),
        city: body.city.as_deref(),
        postal_code: body.postal_code.as_deref(),
        country: body.country.as_deref(),
    })
    .map_err(ApiError::bad_request)?;
    checkouts::save_address(&state.db, current.user.id, &address, state.clock.now_ms()).await?;
    Ok(Json(ShippingAddress::from(address)))
}
