use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::economy::checkouts;
use crate::economy::store::checkouts as store;
use crate::economy::wire::card::CardRequest;
use crate::economy::wire::checkout::Checkout;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayRequest {
    #[schema(required = true, nullable = false)]
    pub card: Option<CardRequest>,
}

/// Pays your checkout with a card (the payment step's confirm). In test mode the card is one
/// of Stripe's test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 and 4000 0000 0000
/// 9995 are declined (402; the checkout fails and its stock goes back); 4000 0027 6000 3184
/// answers `requires_action` (confirm at `/checkouts/{id}/confirm`). Paying a paid checkout
/// again answers it as it is.
#[utoipa::path(
    post, path = "/checkouts/{id}/pay", tag = "checkout",
    params(("id" = i64, Path, minimum = 1, description = "The checkout")),
    request_body = PayRequest,
    responses(
        (status = 200, description = "The checkout, paid (or `requires_action`)", body = Checkout),
        (status = 400, description = "The card form is not a valid card (`card_invalid`: number, expiry or CVC); nothing changed", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 402, description = "The card was declined (`card_declined`, Stripe's message); the checkout failed and its stock went back", body = ErrorBody),
        (status = 404, description = "No such checkout of yours", body = ErrorBody),
        (status = 409, description = "`checkout_closed`: it failed or timed out (review the cart again); `wrong_step`: it waits for the extra confirmation step; `wrong_provider`: Stripe takes the payments (`/checkouts/{id}/payment-intent`), no card is taken here", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn pay_checkout(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<PayRequest>,
) -> ApiResult<Json<Checkout>> {
    checkouts::takes_cards(&state)?;
    let card = CardRequest::required(body.card.as_ref())?;
    let row = checkouts::pay(&state, current.user.id, id, &card).await?;
    let lines = store::lines_of(&state.db, &[row.id]).await?;
    Ok(Json(Checkout::new(row, lines)))
}

/// The extra confirmation step's outcome.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfirmRequest {
    /// true: the buyer completed it (the checkout is paid); false: they failed it (declined).
    #[schema(required = true, nullable = false)]
    pub completed: Option<bool>,
}

/// Completes (or fails) the extra confirmation step a card asked for.
#[utoipa::path(
    post, path = "/checkouts/{id}/confirm", tag = "checkout",
    params(("id" = i64, Path, minimum = 1, description = "The checkout")),
    request_body = ConfirmRequest,
    responses(
        (status = 200, description = "The checkout, paid", body = Checkout),
        (status = 400, description = "`completed` missing", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 402, description = "The step was failed (`card_declined`); the checkout failed and its stock went back", body = ErrorBody),
        (status = 404, description = "No such checkout of yours", body = ErrorBody),
        (status = 409, description = "`checkout_closed`, `wrong_step` (it does not wait for this step) or `wrong_provider` (Stripe takes the payments)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn confirm_checkout(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<ConfirmRequest>,
) -> ApiResult<Json<Checkout>> {
    let completed = body
        .completed
        .ok_or_else(|| ApiError::bad_request("completed is required"))?;
    let row = checkouts::confirm(&state, current.user.id, id, completed).await?;
    let lines = store::lines_of(&state.db, &[row.id]).await?;
    Ok(Json(Checkout::new(row, lines)))
}
