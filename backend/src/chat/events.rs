//! The chat's socket events (docs/chat-contract.md, docs/groups-contract.md): what the server
//! tells members of a conversation, and the typing frames a client sends. The app documents
//! every area's events together as `ServerEvent` and `ClientEvent` (app/api.rs).

use serde::{Deserialize, Serialize};

use crate::chat::wire::{Conversation, Message};

/// What the server tells a conversation's members.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ChatEvent {
    #[schema(rename_all = "camelCase")]
    NewMessage {
        conversation_id: i64,
        message: Box<Message>,
    },
    #[schema(rename_all = "camelCase")]
    Reaction {
        conversation_id: i64,
        message_id: i64,
        user_id: i64,
        emoji: String,
        added: bool,
    },
    #[schema(rename_all = "camelCase")]
    Typing { conversation_id: i64, user_id: i64 },
    #[schema(rename_all = "camelCase")]
    StopTyping { conversation_id: i64, user_id: i64 },
    #[schema(rename_all = "camelCase")]
    Presence {
        user_id: i64,
        is_online: bool,
        #[schema(required = true)]
        last_seen: Option<String>,
    },
    /// A conversation of yours changed (issue 22): a group was made, renamed or given a
    /// picture, or someone joined or left. `conversation` is how it looks to you now, or null
    /// when it is no longer yours (you left, on this device or another, or were removed).
    #[schema(rename_all = "camelCase")]
    ConversationUpdated {
        conversation_id: i64,
        #[schema(required = true)]
        conversation: Option<Box<Conversation>>,
    },
    /// A member read on in a conversation of yours (issue 22): their read pointer is now at
    /// `messageId`. Only between members who both have read receipts on.
    #[schema(rename_all = "camelCase")]
    Read {
        conversation_id: i64,
        user_id: i64,
        message_id: i64,
    },
    /// Its sender edited a text message of a conversation of yours (issue 43): its new
    /// `content`, and when (`editedAt`, ISO-8601 UTC).
    #[schema(rename_all = "camelCase")]
    MessageEdited {
        conversation_id: i64,
        message_id: i64,
        content: String,
        edited_at: String,
    },
    /// Its sender unsent a message of a conversation of yours (issue 43): show 'Message
    /// removed' in its place; its content, recording, card and reactions are gone.
    #[schema(rename_all = "camelCase")]
    MessageUnsent {
        conversation_id: i64,
        message_id: i64,
    },
}

/// What a client tells a conversation.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ChatFrame {
    /// Presence is the socket itself; kept for the first client, which sends it on open.
    UserOnline,
    #[schema(rename_all = "camelCase")]
    Typing { conversation_id: i64 },
    #[schema(rename_all = "camelCase")]
    StopTyping { conversation_id: i64 },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::realtime::events::to_frame;

    #[test]
    fn frames_carry_their_type_and_camel_case_fields() {
        let frame = to_frame(&ChatEvent::Typing {
            conversation_id: 3,
            user_id: 7,
        });
        assert_eq!(frame, r#"{"type":"typing","conversationId":3,"userId":7}"#);
        let parsed: ChatFrame =
            serde_json::from_str(r#"{"type":"stopTyping","conversationId":5}"#).unwrap();
        assert!(matches!(
            parsed,
            ChatFrame::StopTyping { conversation_id: 5 }
        ));
        assert!(serde_json::from_str::<ChatFrame>(r#"{"type":"typing"}"#).is_err());
    }
}
