//! The payments config (issue 42, docs/economy-contract.md): which provider takes the money and
//! whether real money moves, so the client can say so where money moves; and Stripe's webhook,
//! which settles checkouts paid through Stripe.

mod config_get;
mod stripe_webhook;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(config_get::get_payments_config))
        .routes(routes!(stripe_webhook::receive_stripe_event))
}
