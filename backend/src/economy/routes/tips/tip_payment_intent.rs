use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::TipDraft;
use crate::economy::service;
use crate::economy::wire::earnings::{Tip, TipPaymentIntent};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

/// A tip: whom, how much, what for, and what it says (paid with a card at `/tips`, or through
/// Stripe at `/tips/payment-intent`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TipIntentRequest {
    /// The creator.
    #[schema(minimum = 1)]
    pub to_user_id: i64,
    /// Cents, 100 to 50,000 ($1.00 to $500.00), whole.
    #[schema(value_type = i64, required = true, minimum = 100, maximum = 50000)]
    pub amount: Option<Value>,
    /// The creator's post it is for (not with `reelId`).
    #[schema(minimum = 1)]
    pub post_id: Option<i64>,
    /// The creator's reel it is for (not with `postId`).
    #[schema(minimum = 1)]
    pub reel_id: Option<i64>,
    /// At most 200 characters.
    #[schema(max_length = 200)]
    pub message: Option<String>,
}

/// Starts a tip paid through Stripe (Stripe mode only): the tip waits, `pending`, with a
/// PaymentIntent for its amount in dollars, whose client secret Stripe.js confirms in the
/// browser. Stripe's webhook pays it (the creator credited less the fee, and told); poll
/// `GET /tips/{id}` for `paid`. A tip never confirmed is given up after an hour.
#[utoipa::path(
    post, path = "/tips/payment-intent", tag = "earnings",
    request_body = TipIntentRequest,
    responses(
        (status = 201, description = "The pending tip and its PaymentIntent's client secret", body = TipPaymentIntent),
        (status = 400, description = "Yourself, an amount outside $1.00–$500.00 or not whole cents, both a post and a reel, or a message over 200 characters", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such user (or blocked either way), or a post or reel that is not theirs or not visible", body = ErrorBody),
        (status = 409, description = "`wrong_provider`: the test provider takes the payments (tip with a card at `/tips`)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 503, description = "Stripe could not be reached (`unavailable`); nothing kept: try again", body = ErrorBody),
    )
)]
pub async fn start_tip_payment(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<TipIntentRequest>,
) -> ApiResult<(StatusCode, Json<TipPaymentIntent>)> {
    let draft = TipDraft::parse(&body)?;
    let (tip, intent) =
        service::start_tip(&state, draft.new_tip(&state, current.user.id, None)).await?;
    Ok((
        StatusCode::CREATED,
        Json(TipPaymentIntent {
            tip: Tip::from(tip),
            client_secret: intent.client_secret,
        }),
    ))
}
