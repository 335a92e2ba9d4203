//! Chat (DESIGN §3 "Chat", docs/chat-contract.md): a user's conversations, starting one,
//! leaving one, and a conversation's messages with replies and reactions. Only members may read
//! or write a conversation; everyone else gets 404, as if it did not exist. Writes publish their
//! socket event after the commit.

mod conversation_create;
mod conversation_leave;
mod conversation_read;
mod conversations_list;
mod message_create;
mod message_reaction;
mod messages_list;

use std::collections::HashMap;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::db;
use crate::db::conversations::ConversationView;
use crate::db::messages::{MessageView, ReactionCount};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::wire::chat::{Conversation, Message, Reaction};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            conversations_list::list_conversations,
            conversation_create::start_conversation
        ))
        .routes(routes!(
            messages_list::list_messages,
            message_create::send_message
        ))
        .routes(routes!(message_reaction::toggle_reaction))
        .routes(routes!(conversation_leave::leave_conversation))
        .routes(routes!(conversation_read::read_conversation))
        .routes(routes!(conversation_read::unread_messages))
}

/// Shared with sharing into a conversation (routes/shares), so it lives in `domain`.
use crate::domain::{CONVERSATION_NOT_FOUND, MESSAGE_NOT_FOUND};

/// 404 unless the session user is a member of the conversation.
async fn require_member(state: &AppState, conversation: i64, user: i64) -> ApiResult<()> {
    if db::conversations::is_member(&state.db, conversation, user).await? {
        Ok(())
    } else {
        Err(ApiError::not_found(CONVERSATION_NOT_FOUND))
    }
}

/// Messages (newest first, as read) with their reactions, in the order shown: oldest first.
async fn with_reactions(
    state: &AppState,
    viewer: i64,
    conversation: i64,
    rows: Vec<MessageView>,
) -> ApiResult<Vec<Message>> {
    let (Some(newest), Some(oldest)) = (rows.first().map(|m| m.id), rows.last().map(|m| m.id))
    else {
        return Ok(Vec::new());
    };
    let (first, last) = (oldest.min(newest), oldest.max(newest));
    let counts = db::messages::reactions(&state.db, viewer, conversation, first, last).await?;
    let mut by_message: HashMap<i64, Vec<Reaction>> = HashMap::new();
    for ReactionCount {
        message_id,
        emoji,
        count,
        mine,
    } in counts
    {
        by_message.entry(message_id).or_default().push(Reaction {
            emoji,
            count,
            reacted_by_me: mine != 0,
        });
    }
    let mut messages: Vec<Message> = rows
        .into_iter()
        .map(|row| {
            let reactions = by_message.remove(&row.id).unwrap_or_default();
            Message::from_row(row, reactions)
        })
        .collect();
    messages.sort_by_key(|m| m.id);
    Ok(messages)
}

/// One message of a conversation as `viewer` sees it.
async fn one_message(
    state: &AppState,
    viewer: i64,
    conversation: i64,
    message: i64,
) -> ApiResult<Message> {
    let row = db::messages::find(&state.db, viewer, conversation, message)
        .await?
        .ok_or_else(|| ApiError::not_found(MESSAGE_NOT_FOUND))?;
    Ok(with_reactions(state, viewer, conversation, vec![row])
        .await?
        .remove(0))
}

/// Conversations as `rows` show them, with each person's presence.
async fn conversations(state: &AppState, rows: Vec<ConversationView>) -> Vec<Conversation> {
    let people: Vec<i64> = rows.iter().flat_map(|row| [row.a_id, row.b_id]).collect();
    let online = state.realtime.online_among(&people).await;
    rows.into_iter()
        .map(|row| Conversation::from_row(row, &online))
        .collect()
}
