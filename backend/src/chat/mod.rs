//! Direct and group conversations (docs/chat-contract.md, docs/groups-contract.md): messages,
//! voice notes, reactions, read receipts, typing, and posts shared into a chat.

pub mod events;
pub mod presence;
pub mod refusals;
pub mod routes;
pub mod rules;
pub mod service;
pub mod store;
pub mod wire;

use utoipa_axum::router::OpenApiRouter;

pub use presence::{announce_presence, typing};
pub use service::transcribed;
pub use store::conversations::shared as share_a_conversation;
pub use store::messages::{MessageView, find as find_message};

use crate::platform::state::AppState;

/// Conversations, messages and shares into a chat, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::conversations::router())
        .merge(routes::shares::router())
}
