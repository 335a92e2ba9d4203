//! Notifications (docs/notifications-contract.md): what happened to you, folded and counted,
//! told to your sockets at once and pushed to your browsers when you are away (docs/push.md),
//! and the Web Push subscriptions.

pub mod notices;
pub mod store;
pub mod rules;
pub mod wire;
pub mod routes;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// Notifications and Web Push subscriptions, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::router())
        .merge(routes::push::router())
}
