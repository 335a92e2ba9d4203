//! Tips (issue 23, docs/economy-contract.md): a fan sends a creator money, charged through the
//! payment provider and credited to the creator less the platform's fee; the sender's record of
//! what they sent (issue 42).

mod tip_create;
mod tip_get;
mod tip_payment_intent;
mod tips_sent;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::economy::store::tips::NewTip;
use crate::kernel::money::{parse_tip_amount, parse_tip_message, platform_fee};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::state::AppState;
use tip_payment_intent::TipIntentRequest;

/// A tip's form, checked: the same for a card at Atelier and for Stripe.
struct TipDraft {
    to_user_id: i64,
    amount: i64,
    post_id: Option<i64>,
    reel_id: Option<i64>,
    message: Option<String>,
}

impl TipDraft {
    fn parse(request: &TipIntentRequest) -> ApiResult<Self> {
        let amount = parse_tip_amount(request.amount.as_ref())?;
        let message = parse_tip_message(request.message.as_deref())?;
        if request.post_id.is_some() && request.reel_id.is_some() {
            return Err(ApiError::bad_request(
                "A tip is for a post or a reel, not both",
            ));
        }
        Ok(Self {
            to_user_id: request.to_user_id,
            amount,
            post_id: request.post_id,
            reel_id: request.reel_id,
            message,
        })
    }

    /// The tip `from` sends, its fee the platform's now.
    fn new_tip<'a>(&'a self, state: &AppState, from: i64, key: Option<&'a str>) -> NewTip<'a> {
        NewTip {
            from_user_id: from,
            to_user_id: self.to_user_id,
            amount_cents: self.amount,
            fee_cents: platform_fee(self.amount, state.platform_fee_percent),
            post_id: self.post_id,
            reel_id: self.reel_id,
            message: self.message.as_deref(),
            idempotency_key: key,
            created_at: state.clock.now_ms(),
        }
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(tip_create::create_tip))
        .routes(routes!(tip_payment_intent::start_tip_payment))
        .routes(routes!(tip_get::get_tip))
        .routes(routes!(tips_sent::list_sent_tips))
}
