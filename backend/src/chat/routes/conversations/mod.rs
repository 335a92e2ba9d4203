//! Chat (DESIGN §3 "Chat", docs/chat-contract.md): a user's conversations, starting one,
//! leaving one, and a conversation's messages with replies and reactions. Only members may read
//! or write a conversation; everyone else gets 404, as if it did not exist. Writes publish their
//! socket event after the commit.

mod conversation_create;
mod conversation_participants;
mod conversation_read;
mod conversation_update;
mod conversations_list;
mod message_create;
mod message_reaction;
mod messages_list;

use std::collections::{HashMap, HashSet};

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::chat::store::conversations::{ConversationView, GroupMember, GroupRefusal};
use crate::chat::store::messages::{MessageView, ReactionCount};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::realtime::events::ServerEvent;
use crate::platform::state::AppState;
use crate::chat::wire::{Conversation, Message, Reaction};

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
        .routes(routes!(conversation_update::update_conversation))
        .routes(routes!(conversation_participants::add_participants))
        .routes(routes!(conversation_participants::leave_conversation))
        .routes(routes!(conversation_participants::remove_participant))
        .routes(routes!(conversation_read::read_conversation))
        .routes(routes!(conversation_read::unread_messages))
}

/// Shared with sharing into a conversation (routes/shares), so it lives in `domain`.
use crate::chat::rules::{CANNOT_ADD, CONVERSATION_NOT_FOUND, GROUP_MEMBERS_MAX, MESSAGE_NOT_FOUND, OWNER_ONLY};
use crate::identity::rules::account::USER_NOT_FOUND;
use crate::chat::store::{conversations, messages};
use crate::moderation::store::blocks;

/// A refused group change as its answer.
fn refused(refusal: GroupRefusal) -> ApiError {
    match refusal {
        GroupRefusal::NotMember => ApiError::not_found(CONVERSATION_NOT_FOUND),
        GroupRefusal::NotGroup => {
            ApiError::bad_request("Only a group has a name, a picture and members to manage")
        }
        GroupRefusal::NotOwner => ApiError::Forbidden(OWNER_ONLY),
        GroupRefusal::UnknownUser => ApiError::not_found(USER_NOT_FOUND),
        GroupRefusal::Blocked => ApiError::Forbidden(CANNOT_ADD),
        GroupRefusal::AlreadyIn => ApiError::Conflict {
            message: "Already in the group".into(),
            code: "already_member",
        },
        GroupRefusal::TooMany => ApiError::unprocessable(
            "too_many_members",
            format!("A group can have at most {GROUP_MEMBERS_MAX} members"),
        ),
        GroupRefusal::NotInGroup => ApiError::not_found("Not in this group"),
    }
}

/// 404 unless the session user is a member of the conversation.
async fn require_member(state: &AppState, conversation: i64, user: i64) -> ApiResult<()> {
    if conversations::is_member(&state.db, conversation, user).await? {
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
    let counts = messages::reactions(&state.db, viewer, conversation, first, last).await?;
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
    let row = messages::find(&state.db, viewer, conversation, message)
        .await?
        .ok_or_else(|| ApiError::not_found(MESSAGE_NOT_FOUND))?;
    Ok(with_reactions(state, viewer, conversation, vec![row])
        .await?
        .remove(0))
}

/// Conversation `id` as `viewer` sees it now.
async fn one_conversation(state: &AppState, viewer: i64, id: i64) -> ApiResult<Conversation> {
    let row = conversations::find(&state.db, viewer, id)
        .await?
        .ok_or_else(|| ApiError::not_found(CONVERSATION_NOT_FOUND))?;
    Ok(conversations(state, vec![row]).await?.remove(0))
}

/// Conversations as `rows` show them, with each person's presence: a group's members are read
/// for the whole page at once.
async fn conversations(
    state: &AppState,
    rows: Vec<ConversationView>,
) -> ApiResult<Vec<Conversation>> {
    let groups: Vec<i64> = rows
        .iter()
        .filter(|row| row.is_group())
        .map(|row| row.id)
        .collect();
    let members = conversations::group_members(&state.db, &groups).await?;
    let mut people: Vec<i64> = rows
        .iter()
        .flat_map(|row| [row.a_id, row.b_id])
        .flatten()
        .chain(members.iter().map(|m| m.user_id))
        .collect();
    people.sort_unstable();
    people.dedup();
    let online = state.realtime.online_among(&people).await;
    // Presence does not cross a block (issue 39): whose the viewer of each row may not see.
    let mut viewers: Vec<i64> = rows.iter().map(|row| row.member_id).collect();
    viewers.sort_unstable();
    viewers.dedup();
    let blocks = blocks::among(&state.db, &viewers, &people).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let theirs = members_of(&members, row.id);
            let viewer = row.member_id;
            let hidden: HashSet<i64> = blocks
                .iter()
                .filter_map(|&(a, b)| match (a == viewer, b == viewer) {
                    (true, _) => Some(b),
                    (_, true) => Some(a),
                    _ => None,
                })
                .collect();
            Conversation::from_row(row, &online, &hidden, theirs)
        })
        .collect())
}

/// The members of `conversation` in `members` (sorted by conversation).
fn members_of(members: &[GroupMember], conversation: i64) -> &[GroupMember] {
    let start = members.partition_point(|m| m.conversation_id < conversation);
    let end = members.partition_point(|m| m.conversation_id <= conversation);
    &members[start..end]
}

/// Tells every member of `conversation` what a change wrote (its system `lines`, as
/// `newMessage`) and how the conversation looks to them now (`conversationUpdated`), and each
/// of `gone` (removed, or left) that it is no longer theirs.
async fn announce(
    state: &AppState,
    conversation: i64,
    lines: &[i64],
    gone: &[i64],
) -> ApiResult<()> {
    let rows = conversations::find_for_members(&state.db, conversation).await?;
    let members: Vec<i64> = rows.iter().map(|row| row.member_id).collect();
    if let Some(&reader) = members.first() {
        // A system line shares nothing and takes no reaction, so it reads the same to every
        // member.
        for row in messages::find_many(&state.db, reader, conversation, lines).await? {
            state.realtime.publish(
                &members,
                &ServerEvent::NewMessage {
                    conversation_id: conversation,
                    message: Box::new(Message::from_row(row, Vec::new())),
                },
            );
        }
    }
    for (member, view) in members.iter().zip(conversations(state, rows).await?) {
        state.realtime.publish(
            &[*member],
            &ServerEvent::ConversationUpdated {
                conversation_id: conversation,
                conversation: Some(Box::new(view)),
            },
        );
    }
    state.realtime.publish(
        gone,
        &ServerEvent::ConversationUpdated {
            conversation_id: conversation,
            conversation: None,
        },
    );
    Ok(())
}
