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
                m.content, m.message_type, m.voice_url, m.duration, m.reply_to_id,
                r.sender_id AS reply_sender_id, rs.display_name AS reply_sender_display_name,
                r.content AS reply_content, r.message_type AS reply_message_type,
                m.created_at
         FROM messages m
         JOIN users s ON s.id = m.sender_id
         LEFT JOIN messages r ON r.id = m.reply_to_id
         LEFT JOIN users rs ON rs.id = r.sender_id"
    };
}

pub struct NewMessage<'a> {
    pub conversation_id: i64,
    pub sender_id: i64,
    pub content: &'a str,
    pub reply_to_id: Option<i64>,
    pub created_at: i64,
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

/// Stores a text message, makes it the conversation's last, and moves the conversation to the
/// top of both people's lists (bringing it back for one who left). Answers the new id.
pub async fn post(db: &Db, new: NewMessage<'_>) -> Result<i64, PostError> {
    let mut tx = db.begin_write().await?;
    let member: Option<(i64,)> = sqlx::query_as(
        "SELECT conversation_id FROM conversation_members
         WHERE conversation_id = $1 AND user_id = $2",
    )
    .bind(new.conversation_id)
    .bind(new.sender_id)
    .fetch_optional(&mut *tx)
    .await?;
    if member.is_none() {
        return Err(PostError::NotMember);
    }
    if let Some(reply_to) = new.reply_to_id {
        let found: Option<(i64,)> =
            sqlx::query_as("SELECT id FROM messages WHERE id = $1 AND conversation_id = $2")
                .bind(reply_to)
                .bind(new.conversation_id)
                .fetch_optional(&mut *tx)
                .await?;
        if found.is_none() {
            return Err(PostError::ReplyNotFound);
        }
    }
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO messages (conversation_id, sender_id, content, message_type, reply_to_id,
                               created_at)
         VALUES ($1, $2, $3, 'text', $4, $5) RETURNING id",
    )
    .bind(new.conversation_id)
    .bind(new.sender_id)
    .bind(new.content)
    .bind(new.reply_to_id)
    .bind(new.created_at)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query("UPDATE conversations SET last_message_id = $1 WHERE id = $2")
        .bind(id)
        .bind(new.conversation_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO conversation_members (conversation_id, user_id, joined_at, last_activity_at)
         SELECT id, user_a, $2, $2 FROM conversations WHERE id = $1
         UNION ALL
         SELECT id, user_b, $2, $2 FROM conversations WHERE id = $1
         ON CONFLICT (conversation_id, user_id)
         DO UPDATE SET last_activity_at = excluded.last_activity_at",
    )
    .bind(new.conversation_id)
    .bind(new.created_at)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(id)
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
