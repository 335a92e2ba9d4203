//! The socket's frames (DESIGN §4, docs/chat-contract.md, docs/voice-contract.md): JSON text,
//! `{"type": …}`, one serde-tagged enum per direction. A client never names a sender: the
//! server fills it in. WebRTC's offers, answers and candidates are relayed as the browser made
//! them (JSON objects), never read.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::canvas::rules::StrokeInput;
use crate::canvas::wire::CanvasStroke;
use crate::chat::wire::{Conversation, Message};
use crate::notifications::wire::Notification;
use crate::identity::wire::UserCard;
use crate::calls::wire::Voicemail;

/// An `RTCSessionDescriptionInit` or `RTCIceCandidateInit`, relayed untouched.
pub type Sdp = Map<String, Value>;

/// What a client may send.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ClientEvent {
    /// Presence is the socket itself; kept for the first client, which sends it on open.
    UserOnline,
    #[schema(rename_all = "camelCase")]
    Typing {
        conversation_id: i64,
    },
    #[schema(rename_all = "camelCase")]
    StopTyping {
        conversation_id: i64,
    },
    /// Rings `to_user_id`, who must share `conversation_id` with the sender.
    #[schema(rename_all = "camelCase")]
    InitiateCall {
        to_user_id: i64,
        conversation_id: i64,
        #[schema(value_type = HashMap<String, Value>)]
        offer: Sdp,
    },
    /// Answers the call `to_user_id` placed.
    #[schema(rename_all = "camelCase")]
    AcceptCall {
        to_user_id: i64,
        #[schema(value_type = HashMap<String, Value>)]
        answer: Sdp,
    },
    /// Declines the call `to_user_id` placed.
    #[schema(rename_all = "camelCase")]
    RejectCall {
        to_user_id: i64,
    },
    /// Hangs up, cancels or gives up ringing (the caller's time-out).
    #[schema(rename_all = "camelCase")]
    EndCall {
        to_user_id: i64,
    },
    #[schema(rename_all = "camelCase")]
    IceCandidate {
        to_user_id: i64,
        #[schema(value_type = HashMap<String, Value>)]
        candidate: Sdp,
    },
    Ping,
    /// Enters a canvas's room (issue 25): its strokes, cursors and people come to this socket.
    #[schema(rename_all = "camelCase")]
    CanvasJoin {
        canvas_id: i64,
    },
    #[schema(rename_all = "camelCase")]
    CanvasLeave {
        canvas_id: i64,
    },
    /// Draws a stroke on a canvas whose room this socket joined: stored, then relayed.
    #[schema(rename_all = "camelCase")]
    CanvasStroke {
        canvas_id: i64,
        stroke: StrokeInput,
    },
    /// Where your pointer is (each 0 to 1): relayed to the room, never stored.
    #[schema(rename_all = "camelCase")]
    CanvasCursor {
        canvas_id: i64,
        x: f64,
        y: f64,
    },
    /// Takes back one of your own strokes.
    #[schema(rename_all = "camelCase")]
    CanvasUndo {
        canvas_id: i64,
        stroke_id: String,
    },
    /// Clears the canvas (its owner only).
    #[schema(rename_all = "camelCase")]
    CanvasClear {
        canvas_id: i64,
    },
}

/// Someone's pointer on a canvas, as the room sees it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CursorUser {
    pub id: i64,
    pub display_name: String,
}

/// Why a call was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum RejectReason {
    /// The callee declined.
    Declined,
    /// The callee is in another call.
    Busy,
    /// The callee has no socket open.
    Offline,
    /// One of the two blocked the other (issue 20): no call rings, nothing is recorded.
    Unavailable,
}

/// The caller as an incoming call shows them.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Caller {
    pub id: i64,
    pub display_name: String,
    #[schema(required = true)]
    pub profile_image_url: Option<String>,
}

/// What the server sends.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum ServerEvent {
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
    Typing {
        conversation_id: i64,
        user_id: i64,
    },
    #[schema(rename_all = "camelCase")]
    StopTyping {
        conversation_id: i64,
        user_id: i64,
    },
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
    #[schema(rename_all = "camelCase")]
    IncomingCall {
        from_user_id: i64,
        from_user: Caller,
        conversation_id: i64,
        #[schema(value_type = HashMap<String, Value>)]
        offer: Sdp,
    },
    #[schema(rename_all = "camelCase")]
    CallAccepted {
        from_user_id: i64,
        #[schema(value_type = HashMap<String, Value>)]
        answer: Sdp,
    },
    #[schema(rename_all = "camelCase")]
    CallRejected {
        from_user_id: i64,
        reason: RejectReason,
    },
    #[schema(rename_all = "camelCase")]
    CallEnded {
        from_user_id: i64,
    },
    #[schema(rename_all = "camelCase")]
    IceCandidate {
        from_user_id: i64,
        #[schema(value_type = HashMap<String, Value>)]
        candidate: Sdp,
    },
    #[schema(rename_all = "camelCase")]
    Voicemail {
        voicemail: Box<Voicemail>,
    },
    /// Something happened to you, or a notification of yours grew (issue 21): the whole
    /// notification as the list shows it.
    #[schema(rename_all = "camelCase")]
    Notification {
        notification: Box<Notification>,
    },
    /// Your unread notifications' count changed (a new one, a read, one taken back).
    #[schema(rename_all = "camelCase")]
    UnreadCount {
        count: i64,
    },
    /// A member read on in a conversation of yours (issue 22): their read pointer is now at
    /// `messageId`. Only between members who both have read receipts on.
    #[schema(rename_all = "camelCase")]
    Read {
        conversation_id: i64,
        user_id: i64,
        message_id: i64,
    },
    /// A stroke was drawn in a canvas room you are in (yours too: match it by `stroke.id`).
    #[schema(rename_all = "camelCase")]
    CanvasStroke {
        canvas_id: i64,
        user_id: i64,
        stroke: Box<CanvasStroke>,
    },
    /// A stroke was taken back by its drawer.
    #[schema(rename_all = "camelCase")]
    CanvasUndo {
        canvas_id: i64,
        stroke_id: String,
    },
    /// The owner cleared the canvas.
    #[schema(rename_all = "camelCase")]
    CanvasCleared {
        canvas_id: i64,
    },
    /// Someone else's pointer moved.
    #[schema(rename_all = "camelCase")]
    CanvasCursor {
        canvas_id: i64,
        user: CursorUser,
        x: f64,
        y: f64,
    },
    /// You are out of this canvas's room without having left it (issue 39): its owner blocked
    /// you, or you them. No more of its strokes, cursors or people come; its page is gone too.
    #[schema(rename_all = "camelCase")]
    CanvasLeft {
        canvas_id: i64,
    },
    /// Who is in the room now (after anyone joins or leaves, and after your own join).
    #[schema(rename_all = "camelCase")]
    CanvasPresence {
        canvas_id: i64,
        users: Vec<UserCard>,
    },
    Pong,
    #[schema(rename_all = "camelCase")]
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
