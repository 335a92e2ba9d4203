//! Direct and group conversations (docs/chat-contract.md, docs/groups-contract.md): messages,
//! voice notes, reactions, read receipts, typing, and posts shared into a chat.

pub mod store;
pub mod rules;
pub mod wire;
pub mod routes;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// Conversations, messages and shares into a chat, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::conversations::router())
        .merge(routes::shares::router())
}
