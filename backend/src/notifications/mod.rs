//! Notifications (docs/notifications-contract.md): what happened to you, folded and counted,
//! told to your sockets at once and pushed to your browsers when you are away (docs/push.md),
//! and the Web Push subscriptions.

pub mod events;
pub mod notices;
pub mod routes;
pub mod rules;
pub mod store;
pub mod wire;

use utoipa_axum::router::OpenApiRouter;

pub use notices::{PushSwitch, announce, push_if_away, unread_changed};
pub use store::{Act, Notice, UNREAD_COUNT_MAX, record, retract, toggled};

use crate::platform::state::AppState;

/// Notifications and Web Push subscriptions, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::router())
        .merge(routes::push::router())
}
