//! Calls' socket events (docs/voice-contract.md): ringing and WebRTC signalling relayed between
//! the two people of a call, and a voicemail left for its recipient. Offers, answers and
//! candidates are relayed as the browser made them (JSON objects), never read.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::calls::wire::Voicemail;

/// An `RTCSessionDescriptionInit` or `RTCIceCandidateInit`, relayed untouched.
pub type Sdp = Map<String, Value>;

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

/// What the server tells the two people of a call, and a voicemail's recipient.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum CallEvent {
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
    CallEnded { from_user_id: i64 },
    #[schema(rename_all = "camelCase")]
    IceCandidate {
        from_user_id: i64,
        #[schema(value_type = HashMap<String, Value>)]
        candidate: Sdp,
    },
    #[schema(rename_all = "camelCase")]
    Voicemail { voicemail: Box<Voicemail> },
}

/// What a caller or callee sends.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum CallFrame {
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
    RejectCall { to_user_id: i64 },
    /// Hangs up, cancels or gives up ringing (the caller's time-out).
    #[schema(rename_all = "camelCase")]
    EndCall { to_user_id: i64 },
    #[schema(rename_all = "camelCase")]
    IceCandidate {
        to_user_id: i64,
        #[schema(value_type = HashMap<String, Value>)]
        candidate: Sdp,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::realtime::events::to_frame;

    #[test]
    fn call_signals_name_their_target_and_carry_objects_only() {
        let parsed: CallFrame = serde_json::from_str(
            r#"{"type":"initiateCall","toUserId":2,"conversationId":3,"offer":{"type":"offer","sdp":"v=0"},"fromUserId":9}"#,
        )
        .unwrap();
        assert!(matches!(
            parsed,
            CallFrame::InitiateCall {
                to_user_id: 2,
                conversation_id: 3,
                ..
            }
        ));
        assert!(
            serde_json::from_str::<CallFrame>(
                r#"{"type":"iceCandidate","toUserId":2,"candidate":"x"}"#
            )
            .is_err()
        );
        let frame = to_frame(&CallEvent::CallRejected {
            from_user_id: 2,
            reason: RejectReason::Busy,
        });
        assert_eq!(
            frame,
            r#"{"type":"callRejected","fromUserId":2,"reason":"busy"}"#
        );
    }
}
