//! The socket's frames (DESIGN §4, docs/chat-contract.md, docs/voice-contract.md): JSON text,
//! `{"type": …}`, one serde-tagged enum per direction. A client never names a sender: the
//! server fills it in. WebRTC's offers, answers and candidates are relayed as the browser made
//! them (JSON objects), never read.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::wire::chat::Message;
use crate::wire::voicemail::Voicemail;

/// An `RTCSessionDescriptionInit` or `RTCIceCandidateInit`, relayed untouched.
pub type Sdp = Map<String, Value>;

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
    /// Rings `to_user_id`, who must share `conversation_id` with the sender.
    InitiateCall {
        to_user_id: i64,
        conversation_id: i64,
        offer: Sdp,
    },
    /// Answers the call `to_user_id` placed.
    AcceptCall {
        to_user_id: i64,
        answer: Sdp,
    },
    /// Declines the call `to_user_id` placed.
    RejectCall {
        to_user_id: i64,
    },
    /// Hangs up, cancels or gives up ringing (the caller's time-out).
    EndCall {
        to_user_id: i64,
    },
    IceCandidate {
        to_user_id: i64,
        candidate: Sdp,
    },
    Ping,
}

/// Why a call was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RejectReason {
    /// The callee declined.
    Declined,
    /// The callee is in another call.
    Busy,
    /// The callee has no socket open.
    Offline,
}

/// The caller as an incoming call shows them.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Caller {
    pub id: i64,
    pub display_name: String,
    pub profile_image_url: Option<String>,
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
    IncomingCall {
        from_user_id: i64,
        from_user: Caller,
        conversation_id: i64,
        offer: Sdp,
    },
    CallAccepted {
        from_user_id: i64,
        answer: Sdp,
    },
    CallRejected {
        from_user_id: i64,
        reason: RejectReason,
    },
    CallEnded {
        from_user_id: i64,
    },
    IceCandidate {
        from_user_id: i64,
        candidate: Sdp,
    },
    Voicemail {
        voicemail: Box<Voicemail>,
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

    #[test]
    fn call_signals_name_their_target_and_carry_objects_only() {
        let parsed: ClientEvent = serde_json::from_str(
            r#"{"type":"initiateCall","toUserId":2,"conversationId":3,"offer":{"type":"offer","sdp":"v=0"},"fromUserId":9}"#,
        )
        .unwrap();
        assert!(matches!(
            parsed,
            ClientEvent::InitiateCall {
                to_user_id: 2,
                conversation_id: 3,
                ..
            }
        ));
        assert!(
            serde_json::from_str::<ClientEvent>(
                r#"{"type":"iceCandidate","toUserId":2,"candidate":"x"}"#
            )
            .is_err()
        );
        let frame = ServerEvent::CallRejected {
            from_user_id: 2,
            reason: RejectReason::Busy,
        }
        .to_frame();
        assert_eq!(
            frame,
            r#"{"type":"callRejected","fromUserId":2,"reason":"busy"}"#
        );
    }
}
