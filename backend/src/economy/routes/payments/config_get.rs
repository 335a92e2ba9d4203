use axum::extract::State;

use crate::economy::wire::payments::PaymentsConfig;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

/// The active payment provider, whether it is in test mode (no real money moves), and Stripe's
/// publishable key while Stripe is the provider.
#[utoipa::path(
    get, path = "/payments/config", tag = "payments",
    responses(
        (status = 200, description = "The payment provider and its mode", body = PaymentsConfig),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn get_payments_config(
    State(state): State<AppState>,
    _current: CurrentUser,
) -> ApiResult<Json<PaymentsConfig>> {
    Ok(Json(PaymentsConfig::new(
        state.payments.mode(),
        state.stripe_publishable_key.as_deref(),
    )))
}
