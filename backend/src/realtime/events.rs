//! The socket's frames (DESIGN §4, docs/chat-contract.md): JSON text, `{"type": …}`, one
//! serde-tagged enum per direction. A client never names a sender: the server fills it in.

use serde::{Deserialize, Serialize};

use crate::routes::conversations::Message;

/// What a client may send.
#[derive(Debug, Deserialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ClientEvent {
    /// Presence is the socket itself; kept for the first client, which sends it on open.
    UserOnline,
    Typing {
        conversation_id: i64,
    },
    StopTyping {
        conversation_id: i64,
    },
    Ping,
}

/// What the server sends.
#[derive(Debug, Serialize)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ServerEvent {
    NewMessage {
        conversation_id: i64,
        message: Box<Message>,
    },
    Reaction {
        conversation_id: i64,
        message_id: i64,
        user_id: i64,
        emoji: String,
        added: bool,
    },
    Typing {
        conversation_id: i64,
        user_id: i64,
    },
    StopTyping {
        conversation_id: i64,
        user_id: i64,
    },
    Presence {
        user_id: i64,
        is_online: bool,
        last_seen: Option<String>,
    },
    ConversationUpdated {
        conversation_id: i64,
    },
    Pong,
    Error {
        message: String,
    },
}

impl ServerEvent {
    /// The frame's text, made once however many sockets it goes to.
    pub fn to_frame(&self) -> String {
        serde_json::to_string(self).expect("events serialize")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_carry_their_type_and_camel_case_fields() {
        let frame = ServerEvent::Typing {
            conversation_id: 3,
            user_id: 7,
        }
        .to_frame();
        assert_eq!(frame, r#"{"type":"typing","conversationId":3,"userId":7}"#);
        let parsed: ClientEvent =
            serde_json::from_str(r#"{"type":"stopTyping","conversationId":5}"#).unwrap();
        assert!(matches!(
            parsed,
            ClientEvent::StopTyping { conversation_id: 5 }
        ));
        assert!(serde_json::from_str::<ClientEvent>(r#"{"type":"typing"}"#).is_err());
    }
}
