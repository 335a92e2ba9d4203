//! The socket's frames: JSON text, `{"type": …}`, each area's events one serde-tagged enum
//! (chat/events.rs, calls/events.rs, notifications/events.rs, canvas/events.rs), documented
//! together as `ServerEvent` and `ClientEvent` (app/api.rs). A client never names a sender:
//! the server fills it in. Here: the socket's own frames, which belong to no area.

use serde::{Deserialize, Serialize};

/// What the socket itself answers.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum SocketEvent {
    Pong,
    #[schema(rename_all = "camelCase")]
    Error {
        message: String,
    },
}

/// What a client sends the socket itself.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum SocketFrame {
    Ping,
}

/// A frame's text, made once however many sockets it goes to.
pub fn to_frame(event: &impl Serialize) -> String {
    serde_json::to_string(event).expect("events serialize")
}

/// A frame made for one socket: the answer to a frame it sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame(String);

impl Frame {
    pub fn of(event: &impl Serialize) -> Self {
        Self(to_frame(event))
    }

    /// `{"type": "error", "message": …}`.
    pub fn error(message: impl Into<String>) -> Self {
        Self::of(&SocketEvent::Error {
            message: message.into(),
        })
    }

    pub fn into_text(self) -> String {
        self.0
    }
}
