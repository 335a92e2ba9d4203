use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::TipDraft;
use super::tip_payment_intent::TipIntentRequest;
use crate::economy::service;
use crate::economy::wire::card::CardRequest;
use crate::economy::wire::earnings::Tip;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::http::idempotency::IdempotencyKey;
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TipRequest {
    #[serde(flatten)]
    pub tip: TipIntentRequest,
    /// The card that pays it (the test provider's form: Stripe's test cards).
    #[schema(required = true, nullable = false)]
    pub card: Option<CardRequest>,
}

/// Tips a creator: charged through the payment provider, then credited to them less the
/// platform's fee, with a `tip` notification. With an `Idempotency-Key`, a retry answers the
/// first tip (200) and charges nothing again; while the first is still being charged, 409.
#[utoipa::path(
    post, path = "/tips", tag = "earnings",
    request_body = TipRequest,
    params(
        ("Idempotency-Key" = Option<String>, Header, description = "1–255 visible ASCII characters: the same key from the same user answers the first tip again",
         min_length = 1, max_length = 255, pattern = "^[!-~]{1,255}$"),
    ),
    responses(
        (status = 201, description = "Tipped", body = Tip),
        (status = 200, description = "A retried Idempotency-Key: the first tip", body = Tip),
        (status = 400, description = "The card form is not a card (`card_invalid`), yourself, an amount outside $1.00–$500.00 or not whole cents, both a post and a reel, a message over 200 characters, or a malformed Idempotency-Key", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 402, description = "The card was declined (`card_declined`, Stripe's words; a card that asks for an extra confirmation step too); nothing charged", body = ErrorBody),
        (status = 404, description = "No such user (or blocked either way), or a post or reel that is not theirs or not visible", body = ErrorBody),
        (status = 409, description = "The same Idempotency-Key is still being charged (`tip_in_flight`), or Stripe takes the payments (`wrong_provider`: start it at `/tips/payment-intent`); nothing charged", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "The payment was declined, or the Idempotency-Key was used for another tip; nothing charged", body = ErrorBody),
    )
)]
pub async fn create_tip(
    State(state): State<AppState>,
    current: CurrentUser,
    IdempotencyKey(key): IdempotencyKey,
    Json(body): Json<TipRequest>,
) -> ApiResult<(StatusCode, Json<Tip>)> {
    service::tips_taken(&state)?;
    let draft = TipDraft::parse(&body.tip)?;
    let card = CardRequest::required(body.card.as_ref())?;
    let new = draft.new_tip(&state, current.user.id, key.as_deref());
    let tipped = service::tip(&state, new, &card).await?;
    let status = if tipped.created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(Tip::from(tipped.tip))))
}
