//! Conversations and messages as a member sees them (the `newMessage` event carries the same
//! message).

use std::collections::{HashMap, HashSet};

use serde::Serialize;
use utoipa::ToSchema;

use crate::chat::rules::SystemKind;
use crate::chat::store::conversations::{ConversationView, GroupMember};
use crate::chat::store::messages::{MessageView, SharedView, SystemView};
use crate::kernel::post_media::PostMedia;
use crate::kernel::user::UserBrief;
use crate::platform::http::wire::{iso_time, write_int, write_option_int, write_str};
use crate::platform::media::url_of;

/// A person in a conversation, with their presence.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatUser {
    pub id: i64,
    pub username: String,
    pub display_name: String,
    /// The small avatar, or null.
    #[schema(required = true)]
    pub profile_image: Option<String>,
    /// A socket of theirs is open.
    pub is_online: bool,
    /// When their last socket closed (ISO-8601 UTC), or null if never seen.
    #[schema(required = true)]
    pub last_seen: Option<String>,
}

/// A group's owner adds and removes people; everyone else (both people of a one-to-one
/// conversation too) is a member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ParticipantRole {
    Owner,
    Member,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Participant {
    pub user: ChatUser,
    pub role: ParticipantRole,
    /// The newest message this person has read here (issue 22): yours always; another's only
    /// while you both have read receipts on. Null when hidden, when nothing is read yet, or
    /// when they have left.
    #[schema(required = true)]
    pub last_read_message_id: Option<i64>,
}

/// One-to-one, or a group of up to 32 people (issue 22).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ConversationKind {
    Direct,
    Group,
}

/// A conversation as one of its members sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    pub id: i64,
    pub kind: ConversationKind,
    /// A group's name; null for a one-to-one conversation.
    #[schema(required = true)]
    pub name: Option<String>,
    /// `/media/{key}` of a group's picture; null for none and for a one-to-one conversation.
    #[schema(required = true)]
    pub avatar_url: Option<String>,
    /// Both people of a one-to-one conversation, the session user included; a group's current
    /// members, the owner first, then by when they joined.
    pub participants: Vec<Participant>,
    /// The latest message, or null before the first.
    #[schema(required = true)]
    pub last_message: Option<MessagePreview>,
    /// ISO-8601 UTC: the last message's time, or when the member joined.
    pub last_activity_at: String,
    pub created_at: String,
    /// One of the two blocked the other (issue 20): the conversation stays readable, and
    /// sending into it is refused ('You can't message this account').
    pub is_blocked: bool,
    /// The others' messages you have not read (after your read pointer; system lines are not
    /// counted), counted to 100.
    pub unread_count: i64,
    /// A message request (issue 43): someone you don't follow and have never written to wrote
    /// first. Listed with `?requests=true`, not counted in the Messages badge, until you
    /// accept it or write in it.
    pub is_request: bool,
}

/// Text, a voice note, a call line (written by the server when a call ends), a shared post
/// or reel (`sharedPost` / `sharedReel`; sent with POST /api/posts/{id}/share or
/// /api/reels/{id}/share), or a group's system line (`systemEvent`; written by the server).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MessageType {
    Text,
    Voice,
    Call,
    Post,
    Reel,
    System,
}

impl MessageType {
    fn from_db(value: &str) -> Self {
        match value {
            "voice" => Self::Voice,
            "call" => Self::Call,
            "post" => Self::Post,
            "reel" => Self::Reel,
            "system" => Self::System,
            _ => Self::Text,
        }
    }
}

/// What a group's system line says: the `sender` did `kind` (to `user`). The client writes
/// the line ('Maya added Leo', 'Leo left', 'Maya named the group “Trip”').
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SystemEvent {
    pub kind: SystemKind,
    /// Whom it names: the one added or removed, or who became owner; else null.
    #[schema(required = true)]
    pub user: Option<UserBrief>,
}

impl SystemEvent {
    fn from_row(row: SystemView) -> Option<Self> {
        let kind = SystemKind::from_stored(row.system_kind.as_deref()?)?;
        let user = match (row.system_user_id, row.system_user_username) {
            (Some(id), Some(username)) => Some(UserBrief {
                id,
                username,
                display_name: row.system_user_display_name.unwrap_or_default(),
                profile_image: row.system_user_profile_image,
            }),
            _ => None,
        };
        Some(Self { kind, user })
    }
}

/// The card of a shared post.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedPost {
    pub id: i64,
    /// The post's images in order (issue 44): 1 to 10, each with its alt text, as the post
    /// shows them.
    #[schema(min_items = 1, max_items = 10)]
    pub media: Vec<PostMedia>,
    /// The first image's `url`.
    #[schema(deprecated)]
    pub image_url: String,
    /// The first image's `thumbnailUrl`.
    #[schema(required = true, deprecated)]
    pub thumbnail_url: Option<String>,
    pub caption: String,
    pub user: UserBrief,
}

/// The card of a shared reel.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SharedReel {
    pub id: i64,
    /// `/media/{key}` of a JPEG frame, or null.
    #[schema(required = true)]
    pub poster_url: Option<String>,
    pub caption: String,
    pub user: UserBrief,
}

/// The images of the posts a page's cards show, by post (`social::wire::post::media_by_post`
/// of their `SharedView::post_shown`): one read for the page, not one per card.
pub type SharedMedia = HashMap<i64, Vec<PostMedia>>;

/// The cards of a row: each `None` unless the message shares that kind of item and the item is
/// still there (its author not deactivated); a post's card with its images from `media`.
fn shared_cards(row: SharedView, media: &SharedMedia) -> (Option<SharedPost>, Option<SharedReel>) {
    let post = match (
        row.shared_post_id,
        row.shared_post_user_id,
        row.shared_post_image_url,
    ) {
        (Some(id), Some(user_id), Some(image_url)) => {
            let thumbnail_url = row.shared_post_thumbnail_key.as_deref().map(url_of);
            // Every post has its first item in `post_media`; a row written around the API
            // still shows its one image (as a post does).
            let images = media.get(&id).cloned().unwrap_or_else(|| {
                vec![PostMedia {
                    url: image_url.clone(),
                    thumbnail_url: thumbnail_url.clone(),
                    width: None,
                    height: None,
                    blurhash: None,
                    alt: String::new(),
                }]
            });
            Some(SharedPost {
                id,
                media: images,
                image_url,
                thumbnail_url,
                caption: row.shared_post_caption.unwrap_or_default(),
                user: UserBrief {
                    id: user_id,
                    username: row.shared_post_username.unwrap_or_default(),
                    display_name: row.shared_post_display_name.unwrap_or_default(),
                    profile_image: row.shared_post_profile_image,
                },
            })
        }
        _ => None,
    };
    let reel = match (row.shared_reel_id, row.shared_reel_user_id) {
        (Some(id), Some(user_id)) => Some(SharedReel {
            id,
            poster_url: row.shared_reel_poster_key.as_deref().map(url_of),
            caption: row.shared_reel_caption.unwrap_or_default(),
            user: UserBrief {
                id: user_id,
                username: row.shared_reel_username.unwrap_or_default(),
                display_name: row.shared_reel_display_name.unwrap_or_default(),
                profile_image: row.shared_reel_profile_image,
            },
        }),
        _ => None,
    };
    (post, reel)
}

/// How a call ended, as its line shows it: `completed` (answered; `duration` is the talk
/// time), `missed` (not answered: cancelled, timed out, or the callee was offline or busy) or
/// `declined`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CallOutcome {
    Completed,
    Missed,
    Declined,
}

impl CallOutcome {
    fn from_db(value: Option<&str>) -> Option<Self> {
        match value? {
            "completed" => Some(Self::Completed),
            "missed" => Some(Self::Missed),
            "declined" => Some(Self::Declined),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplySender {
    pub id: i64,
    pub display_name: String,
}

/// The quoted message of a reply.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReplyPreview {
    pub id: i64,
    pub sender: ReplySender,
    pub content: String,
    pub message_type: MessageType,
}

/// One emoji on a message.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reaction {
    pub emoji: String,
    pub count: i64,
    /// The session user reacted with it.
    pub reacted_by_me: bool,
}

/// A message as a member sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Message {
    pub id: i64,
    pub conversation_id: i64,
    pub sender: UserBrief,
    pub content: String,
    pub message_type: MessageType,
    /// `/media/{key}` of a voice message, else null.
    #[schema(required = true)]
    pub voice_url: Option<String>,
    /// Seconds: a voice message's length, a completed call's talk time; else null.
    #[schema(required = true)]
    pub duration: Option<i64>,
    /// A call line's outcome, else null.
    #[schema(required = true)]
    pub call_outcome: Option<CallOutcome>,
    #[schema(required = true)]
    pub reply_to_id: Option<i64>,
    /// The quoted message (null when not a reply, or when the quoted one is gone).
    #[schema(required = true)]
    pub reply_to: Option<ReplyPreview>,
    /// A `post` message's card; null for other messages and when the post is gone (the client
    /// shows 'Post unavailable').
    #[schema(required = true)]
    pub shared_post: Option<SharedPost>,
    /// A `reel` message's card; null for other messages and when the reel is gone.
    #[schema(required = true)]
    pub shared_reel: Option<SharedReel>,
    /// In the order each emoji was first used.
    pub reactions: Vec<Reaction>,
    /// A `system` line's event; null for other messages.
    #[schema(required = true)]
    pub system_event: Option<SystemEvent>,
    /// ISO-8601 UTC.
    pub created_at: String,
    /// When its sender last edited it (ISO-8601 UTC; the client shows 'edited'), else null.
    #[schema(required = true)]
    pub edited_at: Option<String>,
    /// Its sender unsent it: the content is empty, the recording and cards null, and the
    /// client shows 'Message removed' in its place.
    pub unsent: bool,
    /// What a voice message says (issue 47), once the server has transcribed it ("" for
    /// silence); null for other messages, while it is being made, when it could not be, and
    /// when its sender has 'Voice Auto-transcription' off.
    #[schema(required = true)]
    pub transcript: Option<String>,
    /// The voice message is being transcribed: the client shows 'Transcribing…' until the
    /// `transcript` event (or the next read) brings it.
    pub transcribing: bool,
}

/// The last message of a conversation in the list: a message without its reply and reactions.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagePreview {
    pub id: i64,
    pub conversation_id: i64,
    pub sender: UserBrief,
    pub content: String,
    pub message_type: MessageType,
    #[schema(required = true)]
    pub voice_url: Option<String>,
    #[schema(required = true)]
    pub duration: Option<i64>,
    #[schema(required = true)]
    pub call_outcome: Option<CallOutcome>,
    #[schema(required = true)]
    pub reply_to_id: Option<i64>,
    /// As in `Message`.
    #[schema(required = true)]
    pub shared_post: Option<SharedPost>,
    #[schema(required = true)]
    pub shared_reel: Option<SharedReel>,
    #[schema(required = true)]
    pub system_event: Option<SystemEvent>,
    pub created_at: String,
    /// As in `Message`.
    #[schema(required = true)]
    pub edited_at: Option<String>,
    pub unsent: bool,
}

impl Message {
    /// A row with the reactions found for it and the images of the post it shares (`media`:
    /// `SharedMedia` read for its page; empty for a row that shares no post).
    pub(crate) fn from_row(
        row: MessageView,
        reactions: Vec<Reaction>,
        media: &SharedMedia,
    ) -> Self {
        let reply_to = match (row.reply_sender_id, row.reply_content) {
            (Some(sender_id), Some(content)) => row.reply_to_id.map(|id| ReplyPreview {
                id,
                sender: ReplySender {
                    id: sender_id,
                    display_name: row.reply_sender_display_name.unwrap_or_default(),
                },
                content,
                message_type: MessageType::from_db(
                    row.reply_message_type.as_deref().unwrap_or("text"),
                ),
            }),
            _ => None,
        };
        let (shared_post, shared_reel) = shared_cards(row.shared, media);
        Self {
            id: row.id,
            conversation_id: row.conversation_id,
            sender: UserBrief {
                id: row.sender_id,
                username: row.sender_username,
                display_name: row.sender_display_name,
                profile_image: row.sender_profile_image,
            },
            content: row.content,
            message_type: MessageType::from_db(&row.message_type),
            voice_url: row.voice_url,
            duration: row.duration,
            call_outcome: CallOutcome::from_db(row.call_outcome.as_deref()),
            reply_to_id: row.reply_to_id,
            reply_to,
            shared_post,
            shared_reel,
            reactions,
            system_event: SystemEvent::from_row(row.system),
            created_at: iso_time(row.created_at),
            edited_at: row.edited_at.map(iso_time),
            unsent: row.unsent_at.is_some(),
            transcript: None,
            transcribing: false,
        }
    }
}

/// `value` as JSON appended to `out`, or `null`: a message's rarer members (a quoted message, a
/// shared card, a system line) are serialised as they are.
fn write_option<T: Serialize>(out: &mut Vec<u8>, value: &Option<T>) {
    match value {
        // Serialising a wire type into a `Vec` cannot fail.
        Some(value) => {
            let _ = sonic_rs::to_writer(&mut *out, value);
        }
        None => out.extend_from_slice(b"null"),
    }
}

/// A stored enum's name (`MessageType`, `CallOutcome`: unit variants) as a JSON string.
fn write_name<T: Serialize>(out: &mut Vec<u8>, value: &T) {
    let _ = sonic_rs::to_writer(&mut *out, value);
}

/// A page of messages as JSON, the bytes `Vec<Message>` serialises to, its members written as
/// bytes (issue 45: serialising a page member by member was a seventh of its cost); held equal
/// to the serialisation by a test.
pub fn write_messages(messages: &[Message]) -> Vec<u8> {
    let mut out = Vec::with_capacity(512 * messages.len() + 2);
    out.push(b'[');
    for (at, m) in messages.iter().enumerate() {
        if at > 0 {
            out.push(b',');
        }
        out.extend_from_slice(br#"{"id":"#);
        write_int(&mut out, m.id);
        out.extend_from_slice(br#","conversationId":"#);
        write_int(&mut out, m.conversation_id);
        out.extend_from_slice(br#","sender":{"id":"#);
        write_int(&mut out, m.sender.id);
        out.extend_from_slice(br#","username":"#);
        write_str(&mut out, &m.sender.username);
        out.extend_from_slice(br#","displayName":"#);
        write_str(&mut out, &m.sender.display_name);
        out.extend_from_slice(br#","profileImage":"#);
        write_option(&mut out, &m.sender.profile_image);
        out.extend_from_slice(br#"},"content":"#);
        write_str(&mut out, &m.content);
        out.extend_from_slice(br#","messageType":"#);
        write_name(&mut out, &m.message_type);
        out.extend_from_slice(br#","voiceUrl":"#);
        write_option(&mut out, &m.voice_url);
        out.extend_from_slice(br#","duration":"#);
        write_option_int(&mut out, m.duration);
        out.extend_from_slice(br#","callOutcome":"#);
        write_option(&mut out, &m.call_outcome);
        out.extend_from_slice(br#","replyToId":"#);
        write_option_int(&mut out, m.reply_to_id);
        out.extend_from_slice(br#","replyTo":"#);
        write_option(&mut out, &m.reply_to);
        out.extend_from_slice(br#","sharedPost":"#);
        write_option(&mut out, &m.shared_post);
        out.extend_from_slice(br#","sharedReel":"#);
        write_option(&mut out, &m.shared_reel);
        out.extend_from_slice(br#","reactions":["#);
        for (at, reaction) in m.reactions.iter().enumerate() {
            if at > 0 {
                out.push(b',');
            }
            out.extend_from_slice(br#"{"emoji":"#);
            write_str(&mut out, &reaction.emoji);
            out.extend_from_slice(br#","count":"#);
            write_int(&mut out, reaction.count);
            out.extend_from_slice(if reaction.reacted_by_me {
                br#","reactedByMe":true}"#
            } else {
                br#","reactedByMe":false}"#
            });
        }
        out.extend_from_slice(br#"],"systemEvent":"#);
        write_option(&mut out, &m.system_event);
        out.extend_from_slice(br#","createdAt":"#);
        write_str(&mut out, &m.created_at);
        out.extend_from_slice(br#","editedAt":"#);
        write_option(&mut out, &m.edited_at);
        out.extend_from_slice(if m.unsent {
            br#","unsent":true"#
        } else {
            br#","unsent":false"#
        });
        out.extend_from_slice(br#","transcript":"#);
        write_option(&mut out, &m.transcript);
        out.extend_from_slice(if m.transcribing {
            br#","transcribing":true}"#
        } else {
            br#","transcribing":false}"#
        });
    }
    out.push(b']');
    out
}

impl Conversation {
    /// A list row as its member sees it; `online` holds the people with a socket open,
    /// `hidden` those whose presence the member may not see (blocked either way: offline, never
    /// seen), and `members` a group's members (`group_members`; ignored for a one-to-one
    /// conversation), and `media` the images of the posts the page's last messages share.
    pub(crate) fn from_row(
        row: ConversationView,
        online: &HashSet<i64>,
        hidden: &HashSet<i64>,
        members: &[GroupMember],
        media: &SharedMedia,
    ) -> Self {
        let chat_user = |id, username, display_name, profile_image, last_seen: Option<i64>| {
            let shown = !hidden.contains(&id);
            ChatUser {
                id,
                username,
                display_name,
                profile_image,
                is_online: shown && online.contains(&id),
                last_seen: last_seen.filter(|_| shown).map(iso_time),
            }
        };
        let viewer = row.member_id;
        let participants = if row.is_group() {
            // The receipts rule (docs/groups-contract.md): your own pointer always, another's
            // while you both have read receipts on.
            let mine_on = members
                .iter()
                .any(|m| m.user_id == viewer && m.read_receipts != 0);
            members
                .iter()
                .map(|m| Participant {
                    user: chat_user(
                        m.user_id,
                        m.username.clone(),
                        m.display_name.clone(),
                        m.profile_image.clone(),
                        m.last_seen_at,
                    ),
                    role: if m.is_owner() {
                        ParticipantRole::Owner
                    } else {
                        ParticipantRole::Member
                    },
                    last_read_message_id: (m.user_id == viewer
                        || (mine_on && m.read_receipts != 0))
                        .then_some(m.last_read_message_id)
                        .filter(|&id| id > 0),
                })
                .collect()
        } else {
            let person = |id: Option<i64>,
                          username: Option<String>,
                          display_name: Option<String>,
                          profile_image,
                          last_seen,
                          read: Option<i64>| Participant {
                user: chat_user(
                    id.unwrap_or_default(),
                    username.unwrap_or_default(),
                    display_name.unwrap_or_default(),
                    profile_image,
                    last_seen,
                ),
                role: ParticipantRole::Member,
                last_read_message_id: read.filter(|&id| id > 0),
            };
            vec![
                person(
                    row.a_id,
                    row.a_username,
                    row.a_display_name,
                    row.a_profile_image,
                    row.a_last_seen_at,
                    row.a_read,
                ),
                person(
                    row.b_id,
                    row.b_username,
                    row.b_display_name,
                    row.b_profile_image,
                    row.b_last_seen_at,
                    row.b_read,
                ),
            ]
        };
        let (shared_post, shared_reel) = shared_cards(row.last_shared, media);
        let last_message = match (
            row.last_id,
            row.last_sender_id,
            row.last_content,
            row.last_created_at,
        ) {
            (Some(id), Some(sender_id), Some(content), Some(created_at)) => Some(MessagePreview {
                id,
                conversation_id: row.id,
                sender: UserBrief {
                    id: sender_id,
                    username: row.last_sender_username.unwrap_or_default(),
                    display_name: row.last_sender_display_name.unwrap_or_default(),
                    profile_image: row.last_sender_profile_image,
                },
                content,
                message_type: MessageType::from_db(
                    row.last_message_type.as_deref().unwrap_or("text"),
                ),
                voice_url: row.last_voice_url,
                duration: row.last_duration,
                call_outcome: CallOutcome::from_db(row.last_call_outcome.as_deref()),
                reply_to_id: row.last_reply_to_id,
                shared_post,
                shared_reel,
                system_event: SystemEvent::from_row(row.last_system),
                created_at: iso_time(created_at),
                edited_at: row.last_edited_at.map(iso_time),
                unsent: row.last_unsent_at.is_some(),
            }),
            _ => None,
        };
        Self {
            id: row.id,
            kind: if row.kind == "group" {
                ConversationKind::Group
            } else {
                ConversationKind::Direct
            },
            name: row.name,
            avatar_url: row.avatar_key.as_deref().map(url_of),
            participants,
            last_message,
            last_activity_at: iso_time(row.last_activity_at),
            created_at: iso_time(row.created_at),
            is_blocked: row.is_blocked != 0,
            unread_count: row.unread_count,
            is_request: row.request != 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(id: i64, image: Option<&str>) -> UserBrief {
        UserBrief {
            id,
            username: format!("user{id}"),
            display_name: "Zoë \"Ink\" <Lee>\n".to_owned(),
            profile_image: image.map(str::to_owned),
        }
    }

    fn message(id: i64) -> Message {
        Message {
            id,
            conversation_id: 7,
            sender: person(2, None),
            content: "hi \u{1F600} \\ \"there\"\t".to_owned(),
            message_type: MessageType::Text,
            voice_url: None,
            duration: None,
            call_outcome: None,
            reply_to_id: None,
            reply_to: None,
            shared_post: None,
            shared_reel: None,
            reactions: Vec::new(),
            system_event: None,
            created_at: iso_time(1_780_272_000_123 + id),
            edited_at: None,
            unsent: false,
            transcript: None,
            transcribing: false,
        }
    }

    #[test]
    fn a_page_of_messages_is_written_as_it_serialises() {
        let voice = Message {
            message_type: MessageType::Voice,
            voice_url: Some("/media/v.webm".to_owned()),
            transcript: Some("meet me \"there\"".to_owned()),
            duration: Some(12),
            reply_to_id: Some(1),
            reply_to: Some(ReplyPreview {
                id: 1,
                sender: ReplySender {
                    id: 3,
                    display_name: "Leo".to_owned(),
                },
                content: "quoted".to_owned(),
                message_type: MessageType::Text,
            }),
            reactions: vec![
                Reaction {
                    emoji: "❤️".to_owned(),
                    count: 2,
                    reacted_by_me: true,
                },
                Reaction {
                    emoji: "😂".to_owned(),
                    count: 1,
                    reacted_by_me: false,
                },
            ],
            edited_at: Some(iso_time(1_780_272_100_000)),
            sender: person(3, Some("/media/a.jpg")),
            ..message(2)
        };
        let call = Message {
            message_type: MessageType::Call,
            call_outcome: Some(CallOutcome::Completed),
            duration: Some(61),
            unsent: true,
            ..message(3)
        };
        let shared = Message {
            message_type: MessageType::Post,
            shared_post: Some(SharedPost {
                id: 9,
                media: vec![PostMedia {
                    url: "/media/p.jpg".to_owned(),
                    thumbnail_url: Some("/media/p-t.jpg".to_owned()),
                    width: Some(640),
                    height: Some(480),
                    blurhash: None,
                    alt: "a cat".to_owned(),
                }],
                image_url: "/media/p.jpg".to_owned(),
                thumbnail_url: Some("/media/p-t.jpg".to_owned()),
                caption: "caption".to_owned(),
                user: person(4, None),
            }),
            ..message(4)
        };
        let reel = Message {
            message_type: MessageType::Reel,
            shared_reel: Some(SharedReel {
                id: 5,
                poster_url: None,
                caption: String::new(),
                user: person(5, None),
            }),
            ..message(5)
        };
        let system = Message {
            message_type: MessageType::System,
            system_event: Some(SystemEvent {
                kind: SystemKind::Added,
                user: Some(person(6, None)),
            }),
            ..message(6)
        };
        for page in [
            vec![],
            vec![message(1)],
            vec![message(1), voice, call, shared, reel, system],
        ] {
            assert_eq!(
                String::from_utf8(write_messages(&page)).unwrap(),
                serde_json::to_string(&page).unwrap()
            );
        }
    }
}
