use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::economy::service;
use crate::economy::store::shop::{self, Shipping};
use crate::economy::wire::shop::Sale;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

/// The longest tracking note, in characters.
pub const TRACKING_NOTE_MAX: usize = 200;

const SALE_NOT_FOUND: &str = "Sale not found";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShipRequest {
    /// What the buyer is told along with it (a carrier and tracking number): one line of at
    /// most 200 characters, trimmed; empty means none.
    #[schema(max_length = 200)]
    pub tracking_note: Option<String>,
}

/// The note as kept: trimmed, `None` when empty; one line of at most `TRACKING_NOTE_MAX`.
fn parse_note(raw: Option<&str>) -> Result<Option<&str>, ApiError> {
    let Some(note) = raw.map(str::trim).filter(|note| !note.is_empty()) else {
        return Ok(None);
    };
    if note.chars().count() > TRACKING_NOTE_MAX {
        return Err(ApiError::bad_request(format!(
            "The tracking note is at most {TRACKING_NOTE_MAX} characters"
        )));
    }
    if note.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "The tracking note is one line of text",
        ));
    }
    Ok(Some(note))
}

/// Marks a physical line you sold shipped, with an optional tracking note, and tells its buyer
/// (a notification that opens their receipt). Once: calling it again answers the sale as it is
/// (the first time and note stand; no second notification).
#[utoipa::path(
    post, path = "/user/sales/{id}/ship", tag = "shop",
    params(("id" = i64, Path, minimum = 1, description = "The sale (its order's id)")),
    request_body = ShipRequest,
    responses(
        (status = 200, description = "The sale, shipped", body = Sale),
        (status = 400, description = "Not an id, a tracking note over 200 characters or of more than one line, or a digital work (digital items are not shipped)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No sale of yours with this id", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "`no_shipping_address`: an order placed before checkout, with no address to ship to", body = ErrorBody),
    )
)]
pub async fn ship_sale(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<ShipRequest>,
) -> ApiResult<Json<Sale>> {
    let note = parse_note(body.tracking_note.as_deref())?;
    let seller = current.user.id;
    match service::ship(&state, seller, id, note).await? {
        Shipping::Shipped(_) | Shipping::AlreadyShipped => {}
        Shipping::NotFound => return Err(ApiError::not_found(SALE_NOT_FOUND)),
        Shipping::Digital => return Err(ApiError::bad_request("Digital items are not shipped")),
        Shipping::NoAddress => {
            return Err(ApiError::unprocessable(
                "no_shipping_address",
                "This order was placed before checkout and has no shipping address",
            ));
        }
    }
    let sale = shop::sale(&state.db, seller, id)
        .await?
        .ok_or_else(|| ApiError::not_found(SALE_NOT_FOUND))?;
    Ok(Json(Sale::from(sale)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_is_trimmed_empty_is_none_and_long_or_multiline_is_refused() {
        assert_eq!(parse_note(None).unwrap(), None);
        assert_eq!(parse_note(Some("   ")).unwrap(), None);
        assert_eq!(parse_note(Some(" UPS 1Z9 ")).unwrap(), Some("UPS 1Z9"));
        let longest = "é".repeat(TRACKING_NOTE_MAX);
        assert_eq!(parse_note(Some(&longest)).unwrap(), Some(longest.as_str()));
        assert!(parse_note(Some(&"a".repeat(TRACKING_NOTE_MAX + 1))).is_err());
        assert!(parse_note(Some("UPS\n1Z9")).is_err());
    }
}
