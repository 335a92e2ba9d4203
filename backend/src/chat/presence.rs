//! Who is online and who is typing, told to the people one shares a conversation with (never
//! across a block, either way).

use crate::chat::events::{ChatEvent, ChatFrame};
use crate::chat::store::conversations;
use crate::identity;
use crate::platform::http::wire::iso_time;
use crate::platform::realtime::events::Frame;
use crate::platform::state::AppState;
use tokio::sync::Semaphore;

const NOT_IN_CONVERSATION: &str = "Conversation not found";

/// Presence announcements reading or writing the database at once on an instance. Each takes
/// a pooled connection (the contacts, and `lastSeen` going offline); without a bound, 16,667
/// sockets closing together took all of them for ten seconds and every request waited
/// (docs/benchmarks.md, 2026-12-02). Past it, announcements wait their turn and requests do not.
const PRESENCE_AT_ONCE: usize = 4;
static PRESENCE_SLOTS: Semaphore = Semaphore::const_new(PRESENCE_AT_ONCE);

/// Tells everyone who shares a conversation with `user_id` that they came online or went
/// offline (never across a block, either way: `contacts`); going offline stores `lastSeen`.
pub async fn announce_presence(state: &AppState, user_id: i64, is_online: bool) {
    let now = state.clock.now_ms();
    // The semaphore is never closed.
    let Ok(_slot) = PRESENCE_SLOTS.acquire().await else {
        return;
    };
    let result = async {
        if !is_online {
            identity::set_last_seen(&state.db, user_id, now).await?;
        }
        conversations::contacts(&state.db, user_id).await
    }
    .await;
    match result {
        Ok(contacts) => state.realtime.publish(
            &contacts,
            &ChatEvent::Presence {
                user_id,
                is_online,
                last_seen: (!is_online).then(|| iso_time(now)),
            },
        ),
        Err(err) => tracing::error!(error = ?err, user_id, "presence"),
    }
}

/// Relays `typing` or `stopTyping` from `user_id` to the conversation's other members who may
/// see them; answers `error` when they are not in it.
pub async fn typing(state: &AppState, user_id: i64, frame: ChatFrame) -> Option<Frame> {
    let (conversation_id, typing) = match frame {
        ChatFrame::UserOnline => return None,
        ChatFrame::Typing { conversation_id } => (conversation_id, true),
        ChatFrame::StopTyping { conversation_id } => (conversation_id, false),
    };
    // Never to someone blocked by, or blocking, the typist (issue 39).
    let others = match conversations::typing_audience(&state.db, conversation_id, user_id).await {
        Ok(Some(others)) => others,
        Ok(None) => return Some(Frame::error(NOT_IN_CONVERSATION)),
        Err(err) => {
            tracing::error!(error = ?err, "typing");
            return Some(Frame::error("Something went wrong"));
        }
    };
    let relayed = if typing {
        ChatEvent::Typing {
            conversation_id,
            user_id,
        }
    } else {
        ChatEvent::StopTyping {
            conversation_id,
            user_id,
        }
    };
    state.realtime.publish(&others, &relayed);
    None
}
