use axum::extract::State;

use crate::economy::checkouts;
use crate::economy::store::checkouts as store;
use crate::economy::wire::checkout::{Checkout, CheckoutPaymentIntent};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

/// Starts paying your checkout through Stripe (Stripe mode only): a PaymentIntent for the
/// checkout's own total and currency, whose client secret Stripe.js confirms in the browser.
/// Asking again answers the same intent. The checkout stays `pending_payment`, its stock held,
/// until Stripe's webhook says the money moved; poll `GET /checkouts/{id}` for `paid`.
#[utoipa::path(
    post, path = "/checkouts/{id}/payment-intent", tag = "checkout",
    params(("id" = i64, Path, minimum = 1, description = "The checkout")),
    responses(
        (status = 200, description = "The checkout and its PaymentIntent's client secret", body = CheckoutPaymentIntent),
        (status = 400, description = "Not an id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such checkout of yours", body = ErrorBody),
        (status = 409, description = "`wrong_provider`: the test provider takes the payments (pay with a card at `/checkouts/{id}/pay`), or the checkout was opened under it; `checkout_closed`: it failed or timed out (review the cart again); `wrong_step`: it is paid already", body = ErrorBody),
        (status = 503, description = "Stripe could not be reached (`unavailable`); nothing changed: try again", body = ErrorBody),
    )
)]
pub async fn create_payment_intent(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<CheckoutPaymentIntent>> {
    let started = checkouts::start_payment(&state, current.user.id, id).await?;
    let lines = store::lines_of(&state.db, &[started.checkout.id]).await?;
    Ok(Json(CheckoutPaymentIntent {
        checkout: Checkout::new(started.checkout, lines),
        client_secret: started.client_secret,
    }))
}
