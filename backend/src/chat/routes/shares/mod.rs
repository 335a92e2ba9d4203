//! Sharing a post or a reel into a conversation (docs/community-contract.md): the message is
//! stored like any (members only: 404 otherwise, as sending says) and delivered as
//! `newMessage`; the item's `sharesCount` counts each sharer once.

mod post_share;
mod reel_share;

use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::social::store::comments::Item;
use crate::chat::store::messages::{PostError, Shared};
use crate::chat::rules::{CANNOT_MESSAGE, CONVERSATION_NOT_FOUND};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::realtime::events::ServerEvent;
use crate::platform::state::AppState;
use crate::chat::wire::Message;
use crate::social::store::comments;
use crate::chat::store::messages;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(post_share::share_post))
        .routes(routes!(reel_share::share_reel))
}

/// {conversationId}: where to share it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareRequest {
    /// A conversation the session user is a member of.
    pub conversation_id: i64,
}

/// Stores the share message (after the membership check, as sending does), publishes
/// `newMessage` to the conversation's people, and answers the message. `not_found` is the
/// item's 404 message.
async fn share(
    state: &AppState,
    sender: i64,
    conversation: i64,
    shared: Shared,
    not_found: &'static str,
) -> ApiResult<Message> {
    // Nobody shares what they cannot see (an author blocked either way).
    let item = match shared {
        Shared::Post(id) => Item::Post(id),
        Shared::Reel(id) => Item::Reel(id),
    };
    if !comments::item_visible(&state.db, sender, item).await? {
        return Err(ApiError::not_found(not_found));
    }
    let draft = messages::prepare(&state.db, conversation, sender, None)
        .await
        .map_err(|err| match err {
            PostError::NotMember | PostError::ReplyNotFound => {
                ApiError::not_found(CONVERSATION_NOT_FOUND)
            }
            PostError::Blocked => ApiError::Forbidden(CANNOT_MESSAGE),
            PostError::Db(err) => err.into(),
        })?;
    let posted = draft
        .share(&state.db, shared, state.clock.now_ms())
        .await?
        .ok_or_else(|| ApiError::not_found(not_found))?;
    // New: nobody has reacted yet.
    let message = Message::from_row(posted.message, Vec::new());
    // Each member gets the card as they may see it: someone who blocked its author (or was
    // blocked), or who does not follow a private author, gets the message without it, as a
    // reload shows it (`shared_item!`).
    let seeing = comments::members_seeing(&state.db, conversation, item).await?;
    let (with_card, without_card): (Vec<i64>, Vec<i64>) = posted
        .people
        .into_iter()
        .partition(|person| *person == sender || seeing.contains(person));
    let event = |message: &Message| ServerEvent::NewMessage {
        conversation_id: conversation,
        message: Box::new(message.clone()),
    };
    state.realtime.publish(&with_card, &event(&message));
    if !without_card.is_empty() {
        let bare = Message {
            shared_post: None,
            shared_reel: None,
            ..message.clone()
        };
        state.realtime.publish(&without_card, &event(&bare));
    }
    Ok(message)
}
