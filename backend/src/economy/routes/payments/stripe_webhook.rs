use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};

use crate::economy::stripe_events::{self, EventError};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody};
use crate::platform::state::AppState;

/// Stripe's webhook (register it in Stripe's dashboard for `payment_intent.succeeded` and
/// `payment_intent.payment_failed`). No session: the raw body must carry a valid
/// `Stripe-Signature` within five minutes. A replayed event id is acknowledged and ignored;
/// other event types are acknowledged and ignored.
#[utoipa::path(
    post, path = "/payments/stripe/webhook", tag = "payments",
    params(("Stripe-Signature" = String, Header, description = "`t=…,v1=…`: HMAC-SHA256 of `t.body` with the endpoint's signing secret")),
    request_body(content = String, content_type = "application/json", description = "The Stripe event, as Stripe sent it"),
    responses(
        (status = 200, description = "The event was taken (or was a replay, or of a type not handled)"),
        (status = 400, description = "`bad_signature`: missing, wrong or older than five minutes; or not an event (`bad_event`); nothing changed", body = ErrorBody),
        (status = 404, description = "Stripe is not the payment provider", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 500, description = "The event could not be handled (Stripe retries it)", body = ErrorBody),
    )
)]
pub async fn receive_stripe_event(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<StatusCode> {
    // Without a signature nothing is read, whichever provider takes the payments.
    let signature = headers
        .get("stripe-signature")
        .and_then(|value| value.to_str().ok())
        .ok_or(ApiError::coded(
            StatusCode::BAD_REQUEST,
            "bad_signature",
            "A Stripe-Signature header is required",
        ))?;
    match stripe_events::receive(&state, signature, &body).await {
        Ok(()) => Ok(StatusCode::OK),
        Err(EventError::NotConfigured) => {
            Err(ApiError::not_found("Stripe is not the payment provider"))
        }
        Err(EventError::Signature(_)) => Err(ApiError::coded(
            StatusCode::BAD_REQUEST,
            "bad_signature",
            "The Stripe-Signature does not match this body, or is too old",
        )),
        Err(EventError::NotAnEvent) => Err(ApiError::coded(
            StatusCode::BAD_REQUEST,
            "bad_event",
            "Not a Stripe event",
        )),
        Err(EventError::Failed(cause)) => Err(ApiError::Internal(cause)),
    }
}
