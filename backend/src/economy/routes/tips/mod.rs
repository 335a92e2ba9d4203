//! Tips (issue 23, docs/economy-contract.md): a fan sends a creator money, charged through the
//! payment provider and credited to the creator less the platform's fee; the sender's record of
//! what they sent (issue 42).

mod tip_create;
mod tips_sent;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(tip_create::create_tip))
        .routes(routes!(tips_sent::list_sent_tips))
}
