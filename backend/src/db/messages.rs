//! Messages and reactions. A page of messages is two queries whatever its size: the messages
//! with their senders and quoted replies (a walk of `messages_conversation_id_idx` backwards),
//! then the reactions of that id range grouped by message and emoji with the viewer's own.

use sqlx::FromRow;

use super::Db;
use crate::domain::Page;

/// A message with its sender and the message it replies to.
#[derive(Debug, Clone, FromRow)]
pub struct MessageView {
    pub id: i64,
    pub conversation_id: i64,
    pub sender_id: i64,
    pub sender_username: String,
    pub sender_display_name: String,
    pub sender_profile_image: Option<String>,
    pub content: String,
    pub message_type: String,
    pub voice_url: Option<String>,
    pub duration: Option<i64>,
    pub call_outcome: Option<String>,
    pub reply_to_id: Option<i64>,
    pub reply_sender_id: Option<i64>,
    pub reply_sender_display_name: Option<String>,
    pub reply_content: Option<String>,
    pub reply_message_type: Option<String>,
    pub created_at: i64,
}

/// One emoji on one message: how many reacted with it, and whether the viewer did.
#[derive(Debug, Clone, FromRow)]
pub struct ReactionCount {
    pub message_id: i64,
    pub emoji: String,
    pub count: i64,
    pub mine: i64,
}

macro_rules! message_view {
    () => {
        "SELECT m.id, m.conversation_id, m.sender_id,
                s.username AS sender_username, s.display_name AS sender_display_name,
                COALESCE(s.profile_image_small_url, s.profile_image_url) AS sender_profile_image,
                m.content, m.message_type, m.voice_url, m.duration, m.call_outcome,
                m.reply_to_id,
                r.sender_id AS reply_sender_id, rs.display_name AS reply_sender_display_name,
                r.content AS reply_content, r.message_type AS reply_message_type,
                m.created_at
         FROM messages m
         JOIN users s ON s.id = m.sender_id
         LEFT JOIN messages r ON r.id = m.reply_to_id
         LEFT JOIN users rs ON rs.id = r.sender_id"
    };
}

/// Who sends what where, and what it quotes.
pub struct NewMessage<'a> {
    pub conversation_id: i64,
    pub sender_id: i64,
    pub body: Body<'a>,
    pub reply_to_id: Option<i64>,
    pub created_at: i64,
}

/// What a member can send.
pub enum Body<'a> {
    Text(&'a str),
    /// A stored recording: its caption (may be empty), `/media/{key}` and whole seconds.
    Voice {
        content: &'a str,
        voice_url: &'a str,
        duration: i64,
    },
}

impl Body<'_> {
    fn parts(&self) -> (&str, &'static str, Option<&str>, Option<i64>) {
        match *self {
            Body::Text(content) => (content, "text", None, None),
            Body::Voice {
                content,
                voice_url,
                duration,
            } => (content, "voice", Some(voice_url), Some(duration)),
        }
    }
}

/// Why a message was not stored.
#[derive(Debug)]
pub enum PostError {
    /// The sender is not a member of the conversation.
    NotMember,
    /// The quoted message is not in this conversation.
    ReplyNotFound,
    Db(sqlx::Error),
}

impl From<sqlx::Error> for PostError {
    fn from(err: sqlx::Error) -> Self {
        Self::Db(err)
    }
}

/// What sending needs to know besides the text: the conversation's two people, the sender as
/// messages show them, and the quoted message (`reply_found` 0 when it is not in this
/// conversation).
#[derive(Debug, FromRow)]
struct PostContext {
    user_a: i64,
    user_b: i64,
    sender_username: String,
    sender_display_name: String,
    sender_profile_image: Option<String>,
    reply_found: i64,
    reply_sender_id: Option<i64>,
    reply_sender_display_name: Option<String>,
    reply_content: Option<String>,
    reply_message_type: Option<String>,
}

/// A stored message as everyone sees it (no reactions yet) and the two people of its
/// conversation, who are the ones to tell.
pub struct Posted {
    pub message: MessageView,
    pub people: [i64; 2],
}

/// A message that may be sent: the sender is a member and the quoted message is in the
/// conversation. Made by `prepare`, stored by `Draft::post`.
pub struct Draft {
    conversation_id: i64,
    sender_id: i64,
    reply_to_id: Option<i64>,
    context: PostContext,
}

/// Stores a message. Two statements: one read (`prepare`: membership, the people, the sender
/// and the quoted message) and the INSERT (`Draft::post`), whose trigger (migration 0006) makes
/// it the conversation's last and moves the conversation to the top of both people's lists,
/// bringing it back for one who had left. The answer is built from what the read found: nothing
/// is read back.
pub async fn post(db: &Db, new: NewMessage<'_>) -> Result<Posted, PostError> {
    prepare(db, new.conversation_id, new.sender_id, new.reply_to_id)
        .await?
        .post(db, new.body, new.created_at)
        .await
        .map_err(PostError::Db)
}

/// The read half of `post`, for a handler with work to do between the checks and the INSERT
/// (storing a voice message's audio only once the sender may send it).
pub async fn prepare(
    db: &Db,
    conversation_id: i64,
    sender_id: i64,
    reply_to_id: Option<i64>,
) -> Result<Draft, PostError> {
    let context: Option<PostContext> = sqlx::query_as(
        "SELECT c.user_a, c.user_b, s.username AS sender_username,
                s.display_name AS sender_display_name,
                COALESCE(s.profile_image_small_url, s.profile_image_url) AS sender_profile_image,
                CASE WHEN r.id IS NULL THEN 0 ELSE 1 END AS reply_found,
                r.sender_id AS reply_sender_id, rs.display_name AS reply_sender_display_name,
                r.content AS reply_content, r.message_type AS reply_message_type
         FROM conversation_members cm
         JOIN conversations c ON c.id = cm.conversation_id
         JOIN users s ON s.id = cm.user_id
         LEFT JOIN messages r ON r.id = $3 AND r.conversation_id = cm.conversation_id
         LEFT JOIN users rs ON rs.id = r.sender_id
         WHERE cm.conversation_id = $1 AND cm.user_id = $2",
    )
    .bind(conversation_id)
    .bind(sender_id)
    .bind(reply_to_id)
    .fetch_optional(&db.pool)
    .await?;
    let context = context.ok_or(PostError::NotMember)?;
    if reply_to_id.is_some() && context.reply_found == 0 {
        return Err(PostError::ReplyNotFound);
    }
    Ok(Draft {
        conversation_id,
        sender_id,
        reply_to_id,
        context,
    })
}

impl Draft {
    /// The INSERT half of `post`.
    pub async fn post(
        self,
        db: &Db,
        body: Body<'_>,
        created_at: i64,
    ) -> Result<Posted, sqlx::Error> {
        let (content, message_type, voice_url, duration) = body.parts();
        let (id,): (i64,) = sqlx::query_as(
            "INSERT INTO messages (conversation_id, sender_id, content, message_type, voice_url,
                                   duration, reply_to_id, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
        )
        .bind(self.conversation_id)
        .bind(self.sender_id)
        .bind(content)
        .bind(message_type)
        .bind(voice_url)
        .bind(duration)
        .bind(self.reply_to_id)
        .bind(created_at)
        .fetch_one(&db.pool)
        .await?;
        let context = self.context;
        Ok(Posted {
            message: MessageView {
                id,
                conversation_id: self.conversation_id,
                sender_id: self.sender_id,
                sender_username: context.sender_username,
                sender_display_name: context.sender_display_name,
                sender_profile_image: context.sender_profile_image,
                content: content.to_owned(),
                message_type: message_type.to_owned(),
                voice_url: voice_url.map(str::to_owned),
                duration,
                call_outcome: None,
                reply_to_id: self.reply_to_id,
                reply_sender_id: context.reply_sender_id,
                reply_sender_display_name: context.reply_sender_display_name,
                reply_content: context.reply_content,
                reply_message_type: context.reply_message_type,
                created_at,
            },
            people: [context.user_a, context.user_b],
        })
    }
}

/// One message of a conversation.
pub async fn find(
    db: &Db,
    conversation: i64,
    message: i64,
) -> Result<Option<MessageView>, sqlx::Error> {
    sqlx::query_as(concat!(
        message_view!(),
        " WHERE m.id = $1 AND m.conversation_id = $2"
    ))
    .bind(message)
    .bind(conversation)
    .fetch_optional(&db.pool)
    .await
}

/// A page of a conversation's messages, newest first (the caller shows them oldest first).
pub async fn page(db: &Db, conversation: i64, page: Page) -> Result<Vec<MessageView>, sqlx::Error> {
    sqlx::query_as(concat!(
        message_view!(),
        " WHERE m.conversation_id = $1 AND m.id < $2 ORDER BY m.id DESC LIMIT $3"
    ))
    .bind(conversation)
    .bind(page.before)
    .bind(page.fetch_limit())
    .fetch_all(&db.pool)
    .await
}

/// The reactions on the messages of `conversation` with ids in `first..=last`, in the order
/// each emoji first appeared on its message; `mine` is 1 where `viewer` reacted with it.
pub async fn reactions(
    db: &Db,
    viewer: i64,
    conversation: i64,
    first: i64,
    last: i64,
) -> Result<Vec<ReactionCount>, sqlx::Error> {
    sqlx::query_as(
        "SELECT r.message_id, r.emoji, CAST(COUNT(*) AS BIGINT) AS count,
                CAST(MAX(CASE WHEN r.user_id = $1 THEN 1 ELSE 0 END) AS BIGINT) AS mine
         FROM messages m
         JOIN message_reactions r ON r.message_id = m.id
         WHERE m.conversation_id = $2 AND m.id >= $3 AND m.id <= $4
         GROUP BY r.message_id, r.emoji
         ORDER BY r.message_id, MIN(r.created_at), r.emoji",
    )
    .bind(viewer)
    .bind(conversation)
    .bind(first)
    .bind(last)
    .fetch_all(&db.pool)
    .await
}

/// Toggles `user`'s `emoji` on `message` of `conversation`: `Some(added)`, or `None` when the
/// message is not in that conversation. Membership is the caller's check.
pub async fn toggle_reaction(
    db: &Db,
    conversation: i64,
    message: i64,
    user: i64,
    emoji: &str,
    now: i64,
) -> Result<Option<bool>, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM messages WHERE id = $1 AND conversation_id = $2")
            .bind(message)
            .bind(conversation)
            .fetch_optional(&mut *tx)
            .await?;
    if found.is_none() {
        return Ok(None);
    }
    let removed = sqlx::query(
        "DELETE FROM message_reactions WHERE message_id = $1 AND user_id = $2 AND emoji = $3",
    )
    .bind(message)
    .bind(user)
    .bind(emoji)
    .execute(&mut *tx)
    .await?
    .rows_affected()
        > 0;
    if !removed {
        sqlx::query(
            "INSERT INTO message_reactions (message_id, user_id, emoji, created_at)
             VALUES ($1, $2, $3, $4) ON CONFLICT (message_id, user_id, emoji) DO NOTHING",
        )
        .bind(message)
        .bind(user)
        .bind(emoji)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(Some(!removed))
}
