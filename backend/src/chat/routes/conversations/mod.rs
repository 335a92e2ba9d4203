//! Chat (docs/chat-contract.md): a user's conversations, starting one,
//! leaving one, and a conversation's messages with replies and reactions. Only members may read
//! or write a conversation; everyone else gets 404, as if it did not exist. Writes publish their
//! socket event after the commit.

mod conversation_create;
mod conversation_participants;
mod conversation_read;
mod conversation_request;
mod conversation_update;
mod conversations_list;
mod message_change;
mod message_create;
mod message_reaction;
mod message_search;
mod messages_list;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::http::error::{ApiError, ApiResult};

use crate::chat::rules::{CANNOT_MESSAGE, CONVERSATION_NOT_FOUND, MESSAGE_NOT_FOUND};
use crate::chat::store::conversations;
use crate::platform::state::AppState;

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
        .routes(routes!(
            message_change::edit_message,
            message_change::unsend_message
        ))
        .routes(routes!(message_reaction::toggle_reaction))
        .routes(routes!(message_search::search_messages))
        .routes(routes!(conversation_request::accept_request))
        .routes(routes!(conversation_request::delete_request))
        .routes(routes!(conversation_update::update_conversation))
        .routes(routes!(conversation_participants::add_participants))
        .routes(routes!(conversation_participants::leave_conversation))
        .routes(routes!(conversation_participants::remove_participant))
        .routes(routes!(conversation_read::read_conversation))
        .routes(routes!(conversation_read::unread_messages))
}

/// 404 unless the session user is a member of the conversation.
async fn require_member(state: &AppState, conversation: i64, user: i64) -> ApiResult<()> {
    if conversations::is_member(&state.db, conversation, user).await? {
        Ok(())
    } else {
        Err(ApiError::not_found(CONVERSATION_NOT_FOUND))
    }
}

/// Who is in the conversation now (who hears a change to it), or 404 unless `me` is; with
/// `open`, also 403 while one of its two people blocks the other (a blocked conversation stays
/// readable and takes nothing new: no edit or reaction reaches the other).
async fn members_for(state: &AppState, id: i64, me: i64, open: bool) -> ApiResult<Vec<i64>> {
    let members = conversations::members(&state.db, id).await?;
    if !members.contains(&me) {
        return Err(ApiError::not_found(CONVERSATION_NOT_FOUND));
    }
    if open && conversations::is_blocked(&state.db, id).await? {
        return Err(ApiError::Forbidden(CANNOT_MESSAGE));
    }
    Ok(members)
}
