//! The chat's service: sending, re-sending and sharing messages, making and changing groups,
//! leaving them, read receipts and reactions — each written, then told to the members' sockets
//! (and a message pushed to whoever is away) — and the views those events carry, as each member
//! sees them.

use std::collections::{BTreeSet, HashMap, HashSet};

use crate::chat::events::ChatEvent;
use crate::chat::rules::{CONVERSATION_NOT_FOUND, MESSAGE_NOT_FOUND, NOT_A_REQUEST};
use crate::chat::store::conversations::{
    self, ConversationView, GroupMember, ReadTo, Removed, RequestAnswer,
};
use crate::chat::store::messages::{
    self, Change, Earlier, MessageView, Posted, ReactionCount, Shared, SharedView,
};
use crate::chat::wire::{Conversation, Message, MessageType, Reaction, SharedMedia};
use crate::notifications::{self, PushSwitch};
use crate::platform::db::visibility;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::push::wire::PushPayload;
use crate::platform::state::AppState;
use crate::platform::transcribe;
use crate::social::{self, Item};

/// The images of the posts that `cards` show: one read for them all, none when no card shows a
/// post.
async fn shared_media<'a>(
    state: &AppState,
    cards: impl IntoIterator<Item = &'a SharedView>,
) -> ApiResult<SharedMedia> {
    let mut posts: Vec<i64> = cards
        .into_iter()
        .filter_map(SharedView::post_shown)
        .collect();
    if posts.is_empty() {
        return Ok(SharedMedia::new());
    }
    posts.sort_unstable();
    posts.dedup();
    Ok(social::wire::post::media_by_post(&state.db, &posts).await?)
}

/// Messages (newest first, as read) with their reactions and their shared posts' images, in
/// the order shown: oldest first.
pub async fn with_reactions(
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
    let media = shared_media(state, rows.iter().map(|row| &row.shared)).await?;
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
    // A page comes newest first: turned around as it is built, rather than sorted after (a
    // sort moves the built messages, which are large, issue 45).
    let newest_first = rows.windows(2).all(|pair| pair[0].id > pair[1].id);
    let build = |row: MessageView| {
        let reactions = by_message.remove(&row.id).unwrap_or_default();
        Message::from_row(row, reactions, &media)
    };
    let mut messages: Vec<Message> = if newest_first {
        rows.into_iter().rev().map(build).collect()
    } else {
        rows.into_iter().map(build).collect()
    };
    if !newest_first {
        messages.sort_by_key(|m| m.id);
    }
    with_transcripts(state, &mut messages).await?;
    Ok(messages)
}

/// Fills in the transcripts of the voice messages among `messages` (one read, none when there
/// are none).
async fn with_transcripts(state: &AppState, messages: &mut [Message]) -> ApiResult<()> {
    let voices: Vec<i64> = messages
        .iter()
        .filter(|m| m.message_type == MessageType::Voice && !m.unsent)
        .map(|m| m.id)
        .collect();
    if voices.is_empty() {
        return Ok(());
    }
    let mut found = transcribe::of(&state.db, transcribe::Kind::Message, &voices).await?;
    for message in messages {
        if let Some(transcript) = found.remove(&message.id) {
            // Waiting on a server that no longer transcribes: nothing to wait for.
            message.transcribing = transcript.pending() && state.transcriber.is_some();
            message.transcript = transcript.text().map(str::to_owned);
        }
    }
    Ok(())
}

/// A voice message's transcript is made (or given up, `None`): the conversation's members
/// hear of it (issue 47).
pub async fn transcribed(state: &AppState, message: i64, text: Option<&str>) -> anyhow::Result<()> {
    let Some(conversation) = messages::conversation_of(&state.db, message).await? else {
        return Ok(());
    };
    let members = conversations::members(&state.db, conversation).await?;
    state.realtime.publish(
        &members,
        &transcribe::TranscriptEvent::Transcript {
            kind: transcribe::TranscriptKind::Message,
            id: message,
            conversation_id: Some(conversation),
            transcript: text.map(str::to_owned),
        },
    );
    Ok(())
}

/// One message of a conversation as `viewer` sees it.
pub async fn one_message(
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
pub async fn one_conversation(state: &AppState, viewer: i64, id: i64) -> ApiResult<Conversation> {
    let row = conversations::find(&state.db, viewer, id)
        .await?
        .ok_or_else(|| ApiError::not_found(CONVERSATION_NOT_FOUND))?;
    Ok(conversations(state, vec![row]).await?.remove(0))
}

/// Conversations as `rows` show them, with each person's presence: a group's members and the
/// images of the posts the last messages share are read for the whole page at once.
pub async fn conversations(
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
    let blocks = visibility::blocks_among(&state.db, &viewers, &people).await?;
    let media = shared_media(state, rows.iter().map(|row| &row.last_shared)).await?;
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
            Conversation::from_row(row, &online, &hidden, theirs, &media)
        })
        .collect())
}

/// The members of `conversation` in `members` (sorted by conversation).
pub fn members_of(members: &[GroupMember], conversation: i64) -> &[GroupMember] {
    let start = members.partition_point(|m| m.conversation_id < conversation);
    let end = members.partition_point(|m| m.conversation_id <= conversation);
    &members[start..end]
}

/// Tells every member of `conversation` what a change wrote (its system `lines`, as
/// `newMessage`) and how the conversation looks to them now (`conversationUpdated`), and each
/// of `gone` (removed, or left) that it is no longer theirs.
async fn tell_members(
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
                &ChatEvent::NewMessage {
                    conversation_id: conversation,
                    message: Box::new(Message::from_row(row, Vec::new(), &SharedMedia::new())),
                },
            );
        }
    }
    for (member, view) in members.iter().zip(conversations(state, rows).await?) {
        state.realtime.publish(
            &[*member],
            &ChatEvent::ConversationUpdated {
                conversation_id: conversation,
                conversation: Some(Box::new(view)),
            },
        );
    }
    state.realtime.publish(
        gone,
        &ChatEvent::ConversationUpdated {
            conversation_id: conversation,
            conversation: None,
        },
    );
    Ok(())
}

/// Makes a group of `me` and `others` named `name`; its members hear of it.
pub async fn start_group(
    state: &AppState,
    me: i64,
    others: &[i64],
    name: &str,
    now: i64,
) -> ApiResult<i64> {
    let (id, lines) = conversations::create_group(&state.db, me, others, name, now).await??;
    tell_members(state, id, &lines, &[]).await?;
    Ok(id)
}

/// Renames a group or changes its picture (a stored media key); its members hear of it.
pub async fn update_group(
    state: &AppState,
    id: i64,
    me: i64,
    name: Option<&str>,
    avatar_key: Option<&str>,
    now: i64,
) -> ApiResult<()> {
    let lines = conversations::update_group(&state.db, id, me, name, avatar_key, now).await??;
    tell_members(state, id, &lines, &[]).await
}

/// Adds `users` to a group; its members, old and new, hear of it.
pub async fn add_members(
    state: &AppState,
    id: i64,
    me: i64,
    users: &[i64],
    now: i64,
) -> ApiResult<()> {
    let lines = conversations::add_members(&state.db, id, me, users, now).await??;
    tell_members(state, id, &lines, &[]).await
}

/// `me` takes `target` out of a conversation (themselves: leaving). Your other devices drop a
/// one-to-one conversation you left; a group's members hear of it, and whoever went that it is
/// no longer theirs.
pub async fn take_out(state: &AppState, id: i64, me: i64, target: i64) -> ApiResult<()> {
    let now = state.clock.now_ms();
    match conversations::remove_member(&state.db, id, me, target, now).await?? {
        Removed::LeftDirect => state.realtime.publish(
            &[me],
            &ChatEvent::ConversationUpdated {
                conversation_id: id,
                conversation: None,
            },
        ),
        Removed::Group(lines) => tell_members(state, id, &lines, &[target]).await?,
    }
    Ok(())
}

/// `me` read on to `message` in conversation `id`; the members who share read receipts with
/// them hear of it when their pointer moved.
pub async fn read_to(state: &AppState, id: i64, me: i64, message: i64) -> ApiResult<ReadTo> {
    let read = conversations::read_to(&state.db, id, me, message).await?;
    if let ReadTo::Done(true) = read {
        let told = conversations::receipt_recipients(&state.db, id, me).await?;
        state.realtime.publish(
            &told,
            &ChatEvent::Read {
                conversation_id: id,
                user_id: me,
                message_id: message,
            },
        );
    }
    Ok(read)
}

/// Adds `me`'s `emoji` to a message, or takes it back; `members` (those in the conversation
/// now) hear of it. The message as `me` sees it after.
pub async fn toggle_reaction(
    state: &AppState,
    members: &[i64],
    id: i64,
    message_id: i64,
    me: i64,
    emoji: &str,
) -> ApiResult<Message> {
    let now = state.clock.now_ms();
    let added = messages::toggle_reaction(&state.db, id, message_id, me, emoji, now)
        .await?
        .ok_or_else(|| ApiError::not_found(MESSAGE_NOT_FOUND))?;
    let message = one_message(state, me, id, message_id).await?;
    state.realtime.publish(
        members,
        &ChatEvent::Reaction {
            conversation_id: id,
            message_id,
            user_id: me,
            emoji: emoji.to_owned(),
            added,
        },
    );
    Ok(message)
}

/// `me` unsends or edits a message of theirs in conversation `id` (issue 43); when it changed,
/// `members` (those in the conversation now) hear `messageUnsent` or `messageEdited`. The
/// message as `me` sees it after.
pub async fn change_message(
    state: &AppState,
    members: &[i64],
    id: i64,
    message_id: i64,
    me: i64,
    change: Change<'_>,
) -> ApiResult<Message> {
    let now = state.clock.now_ms();
    let changed = messages::change(&state.db, id, message_id, me, change, now).await??;
    if changed && matches!(change, Change::Unsend) {
        // Its recording is gone: what it said goes with it (issue 47).
        transcribe::store::forget(&state.db, transcribe::Subject::Message(message_id)).await?;
    }
    let message = one_message(state, me, id, message_id).await?;
    if changed {
        let event = match change {
            Change::Unsend => ChatEvent::MessageUnsent {
                conversation_id: id,
                message_id,
            },
            Change::Edit(_) => ChatEvent::MessageEdited {
                conversation_id: id,
                message_id,
                content: message.content.clone(),
                edited_at: message.edited_at.clone().unwrap_or_default(),
            },
        };
        state.realtime.publish(members, &event);
    }
    Ok(message)
}

/// `me` accepts the message request `id` (issue 43): it moves to their inbox, and their other
/// devices hear of it as it is there now; the sender is not told.
pub async fn accept_request(state: &AppState, id: i64, me: i64) -> ApiResult<Conversation> {
    answered(conversations::accept_request(&state.db, id, me).await?)?;
    let conversation = one_conversation(state, me, id).await?;
    let event = ChatEvent::ConversationUpdated {
        conversation_id: id,
        conversation: Some(Box::new(conversation.clone())),
    };
    state.realtime.publish(&[me], &event);
    Ok(conversation)
}

/// `me` deletes the message request `id` (issue 43): it leaves their list, and their other
/// devices hear it gone; the sender is not told.
pub async fn delete_request(state: &AppState, id: i64, me: i64) -> ApiResult<()> {
    answered(conversations::delete_request(&state.db, id, me).await?)?;
    let event = ChatEvent::ConversationUpdated {
        conversation_id: id,
        conversation: None,
    };
    state.realtime.publish(&[me], &event);
    Ok(())
}

/// 404 outside the conversation, 409 when it was not a request.
fn answered(answer: RequestAnswer) -> ApiResult<()> {
    match answer {
        RequestAnswer::Done => Ok(()),
        RequestAnswer::NotMember => Err(ApiError::not_found(CONVERSATION_NOT_FOUND)),
        RequestAnswer::NotRequest => Err(ApiError::Conflict {
            message: NOT_A_REQUEST.into(),
            code: "not_a_request",
        }),
    }
}

/// A new message delivered: `newMessage` to every member's sockets, and a push to each other
/// member with no socket open, as their chat or voice switch allows.
pub async fn deliver(state: &AppState, me: i64, posted: Posted, transcribing: bool) -> Message {
    let id = posted.message.conversation_id;
    // New: nobody has reacted yet; a text or voice message shares nothing (a share goes
    // through `share`).
    let mut message = Message::from_row(posted.message, Vec::new(), &SharedMedia::new());
    // Its transcript is queued only after this (so the `transcript` event cannot come first).
    message.transcribing = transcribing;
    state.realtime.publish(
        &posted.people,
        &ChatEvent::NewMessage {
            conversation_id: id,
            message: Box::new(message.clone()),
        },
    );
    // Members with no socket open get it pushed, as their chat or voice switch allows.
    let (text, switch) = match message.message_type {
        MessageType::Voice => (
            format!("{} sent you a voice message", message.sender.display_name),
            PushSwitch::Voice,
        ),
        _ => (
            format!("{}: {}", message.sender.display_name, message.content),
            PushSwitch::Chat,
        ),
    };
    let payload = PushPayload {
        // A group's messages are titled with its name, as on WhatsApp.
        title: Some(posted.group_name.unwrap_or_else(|| "Atelier".to_owned())),
        text,
        actors: vec![message.sender.display_name.clone()],
        url: format!("/chat/{id}"),
        tag: Some(format!("chat-{id}")),
    };
    for &member in posted.people.iter().filter(|&&member| member != me) {
        if let Err(error) = notifications::push_if_away(state, member, switch, &payload).await {
            tracing::warn!(%error, "could not queue a message's push");
        }
    }
    message
}

/// A send whose Idempotency-Key the sender already used: the first message as they see it, published again to the members (each client keeps one message per id), each
/// with their own `reactedByMe`, or 422 when the key went with another message. Nobody is
/// pushed again.
pub async fn again(state: &AppState, me: i64, earlier: Earlier) -> ApiResult<Message> {
    let Earlier::Same(first) = earlier else {
        return Err(ApiError::unprocessable(
            "idempotency_key_reused",
            "This Idempotency-Key was used for another message",
        ));
    };
    let Posted {
        message, people, ..
    } = *first;
    let conversation = message.conversation_id;
    let reactors = messages::reactors(&state.db, message.id).await?;
    // A keyed send is a text or a voice message: it shares nothing.
    let base = Message::from_row(message, Vec::new(), &SharedMedia::new());
    let seen_by = |viewer: i64| Message {
        reactions: reactions_seen_by(&reactors, viewer),
        ..base.clone()
    };
    // Those who reacted see their own marks; everyone else shares one frame.
    let reacted: BTreeSet<i64> = reactors.iter().map(|r| r.user_id).collect();
    let others: Vec<i64> = people
        .iter()
        .copied()
        .filter(|member| !reacted.contains(member))
        .collect();
    if !others.is_empty() {
        state.realtime.publish(
            &others,
            &ChatEvent::NewMessage {
                conversation_id: conversation,
                message: Box::new(seen_by(0)),
            },
        );
    }
    for &member in people.iter().filter(|member| reacted.contains(*member)) {
        state.realtime.publish(
            &[member],
            &ChatEvent::NewMessage {
                conversation_id: conversation,
                message: Box::new(seen_by(member)),
            },
        );
    }
    Ok(seen_by(me))
}

/// A message's reactions as `viewer` sees them: each emoji once with its count, in the order
/// it first appeared (as `messages::reactions` orders them).
fn reactions_seen_by(reactors: &[messages::Reactor], viewer: i64) -> Vec<Reaction> {
    let mut shown: Vec<(i64, Reaction)> = Vec::new();
    for reactor in reactors {
        match shown.iter_mut().find(|(_, r)| r.emoji == reactor.emoji) {
            Some((_, reaction)) => {
                reaction.count += 1;
                reaction.reacted_by_me |= reactor.user_id == viewer;
            }
            None => shown.push((
                reactor.created_at,
                Reaction {
                    emoji: reactor.emoji.clone(),
                    count: 1,
                    reacted_by_me: reactor.user_id == viewer,
                },
            )),
        }
    }
    shown.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.emoji.cmp(&b.1.emoji)));
    shown.into_iter().map(|(_, reaction)| reaction).collect()
}

/// The refusal of a share its author does not allow (issue 43).
pub const SHARING_OFF: &str = "This creator doesn't allow sharing";

/// Stores the share message (after the membership check, as sending does), publishes
/// `newMessage` to the conversation's people, and answers the message. `not_found` is the
/// item's 404 message; an item whose author turned sharing off is 403 (`SHARING_OFF`).
pub async fn share(
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
    match social::item_sharing(&state.db, sender, item).await? {
        None => return Err(ApiError::not_found(not_found)),
        // Its author turned '3D Content Sharing' off (issue 43); their own they always share.
        Some(false) => return Err(ApiError::Forbidden(SHARING_OFF)),
        Some(true) => {}
    }
    let draft = messages::prepare(&state.db, conversation, sender, None).await?;
    let posted = draft
        .share(&state.db, shared, state.clock.now_ms())
        .await?
        .ok_or_else(|| ApiError::not_found(not_found))?;
    // New: nobody has reacted yet. The card's images: one more read, for this one post.
    let media = shared_media(state, [&posted.message.shared]).await?;
    let message = Message::from_row(posted.message, Vec::new(), &media);
    // Each member gets the card as they may see it: someone who blocked its author (or was
    // blocked), or who does not follow a private author, gets the message without it, as a
    // reload shows it (`shared_item!`).
    let seeing = social::members_seeing(&state.db, conversation, item).await?;
    let (with_card, without_card): (Vec<i64>, Vec<i64>) = posted
        .people
        .into_iter()
        .partition(|person| *person == sender || seeing.contains(person));
    let event = |message: &Message| ChatEvent::NewMessage {
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
