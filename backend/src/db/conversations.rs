//! One-to-one conversations and their members. A conversation is the pair (user_a < user_b),
//! unique, so starting one is an insert that finds the existing row under a race. A member row
//! puts the conversation in that user's list (ordered by `conversation_members_list_idx`) and
//! is what reading or writing it requires; leaving deletes it, and a new message brings it back.

use sqlx::FromRow;

use super::Db;
use super::messages::{SharedView, shared_item};
use super::notifications::UNREAD_COUNT_MAX;
use super::visibility::{not_blocked, pair_blocked};
use crate::domain::Page;

/// The most recently active conversations the Messages badge counts through: a new message
/// brings its conversation to the top, so an unread one is among them unless this many others
/// have moved since.
pub const UNREAD_CONVERSATIONS_READ: i64 = 200;

/// A conversation as one member sees it in their list: both people, and the last message.
#[derive(Debug, Clone, FromRow)]
pub struct ConversationView {
    pub id: i64,
    pub created_at: i64,
    pub last_activity_at: i64,
    pub a_id: i64,
    pub a_username: String,
    pub a_display_name: String,
    pub a_profile_image: Option<String>,
    pub a_last_seen_at: Option<i64>,
    pub b_id: i64,
    pub b_username: String,
    pub b_display_name: String,
    pub b_profile_image: Option<String>,
    pub b_last_seen_at: Option<i64>,
    /// Each person's read pointer as the member may see it (issue 22): their own always, the
    /// other's when both have read receipts on (`read_shown!`); null otherwise, or when the
    /// other has left.
    pub a_read: Option<i64>,
    pub b_read: Option<i64>,
    pub last_id: Option<i64>,
    pub last_sender_id: Option<i64>,
    pub last_sender_username: Option<String>,
    pub last_sender_display_name: Option<String>,
    pub last_sender_profile_image: Option<String>,
    pub last_content: Option<String>,
    pub last_message_type: Option<String>,
    pub last_voice_url: Option<String>,
    pub last_duration: Option<i64>,
    pub last_call_outcome: Option<String>,
    pub last_reply_to_id: Option<i64>,
    pub last_created_at: Option<i64>,
    /// 1 when one of the two blocked the other (readable, nothing can be sent).
    pub is_blocked: i64,
    /// The others' messages after the member's read pointer (issue 21), counted to 100
    /// (`UNREAD_COUNT_MAX`: the pill reads '99+').
    pub unread_count: i64,
    /// The last message's shared post or reel, when it is a share.
    #[sqlx(flatten)]
    pub last_shared: SharedView,
}

/// The read pointer of `$user` (a member row `$alias`) as the member `$1` may see it: `$1`'s own
/// (`cm`), or another's when neither of the two turned read receipts off; NULL otherwise.
macro_rules! read_shown {
    ($user:literal, $alias:literal) => {
        concat!(
            "CASE WHEN ",
            $user,
            " = $1 THEN cm.last_read_message_id
                  WHEN NOT EXISTS (SELECT 1 FROM user_settings rs
                                   WHERE rs.user_id IN ($1, ",
            $user,
            ") AND rs.read_receipts = 0)
                  THEN ",
            $alias,
            ".last_read_message_id END"
        )
    };
}

/// `$1` is the member whose list it is.
macro_rules! conversation_view {
    () => {
        concat!(
            "SELECT c.id, c.created_at, cm.last_activity_at,
                ua.id AS a_id, ua.username AS a_username, ua.display_name AS a_display_name,
                COALESCE(ua.profile_image_small_url, ua.profile_image_url) AS a_profile_image,
                ua.last_seen_at AS a_last_seen_at,
                ub.id AS b_id, ub.username AS b_username, ub.display_name AS b_display_name,
                COALESCE(ub.profile_image_small_url, ub.profile_image_url) AS b_profile_image,
                ub.last_seen_at AS b_last_seen_at, ",
            read_shown!("c.user_a", "ma"),
            " AS a_read, ",
            read_shown!("c.user_b", "mb"),
            " AS b_read,
                lm.id AS last_id, lm.sender_id AS last_sender_id,
                ls.username AS last_sender_username, ls.display_name AS last_sender_display_name,
                COALESCE(ls.profile_image_small_url, ls.profile_image_url)
                    AS last_sender_profile_image,
                lm.content AS last_content, lm.message_type AS last_message_type,
                lm.voice_url AS last_voice_url, lm.duration AS last_duration,
                lm.call_outcome AS last_call_outcome,
                lm.reply_to_id AS last_reply_to_id, lm.created_at AS last_created_at, ",
            pair_blocked!("c.user_a", "c.user_b"),
            " AS is_blocked,
                (SELECT COUNT(*) FROM (
                     SELECT 1 FROM messages um
                     WHERE um.conversation_id = c.id AND um.id > cm.last_read_message_id
                       AND um.sender_id <> $1 AND um.created_at >= cm.joined_at
                       AND um.removed_at IS NULL
                     LIMIT 100) AS unread) AS unread_count, ",
            shared_item!(columns),
            " FROM conversation_members cm
         JOIN conversations c ON c.id = cm.conversation_id
         JOIN users ua ON ua.id = c.user_a
         JOIN users ub ON ub.id = c.user_b
         LEFT JOIN conversation_members ma ON ma.conversation_id = c.id AND ma.user_id = c.user_a
         LEFT JOIN conversation_members mb ON mb.conversation_id = c.id AND mb.user_id = c.user_b
         LEFT JOIN messages lm ON lm.id = c.last_message_id AND lm.removed_at IS NULL
         LEFT JOIN users ls ON ls.id = lm.sender_id",
            shared_item!(joins "lm", "$1")
        )
    };
}

/// What starting a conversation did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Started {
    Created(i64),
    /// It existed (the caller is a member again if they had left).
    Existing(i64),
}

/// Starts the one-to-one conversation of `me` and `other`, or finds it. `None` when `other`
/// does not exist, is deactivated, or the two are blocked either way (an existing conversation
/// stays in both lists, readable).
pub async fn start(db: &Db, me: i64, other: i64, now: i64) -> Result<Option<Started>, sqlx::Error> {
    let (a, b) = (me.min(other), me.max(other));
    let mut tx = db.begin_write().await?;
    // A deactivated account, or one blocked either way, is no one to start a conversation with.
    let other_exists: Option<(i64,)> = sqlx::query_as(concat!(
        "SELECT u.id FROM users u WHERE u.id = $1 AND u.deactivated_at IS NULL AND ",
        not_blocked!("$2", "u.id")
    ))
    .bind(other)
    .bind(me)
    .fetch_optional(&mut *tx)
    .await?;
    if other_exists.is_none() {
        return Ok(None);
    }
    let created: Option<(i64,)> = sqlx::query_as(
        "INSERT INTO conversations (user_a, user_b, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_a, user_b) DO NOTHING RETURNING id",
    )
    .bind(a)
    .bind(b)
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    let started = match created {
        Some((id,)) => {
            // Both people get it in their lists.
            sqlx::query(
                "INSERT INTO conversation_members (conversation_id, user_id, joined_at,
                                                   last_activity_at)
                 VALUES ($1, $2, $3, $3), ($1, $4, $3, $3)",
            )
            .bind(id)
            .bind(a)
            .bind(now)
            .bind(b)
            .execute(&mut *tx)
            .await?;
            Started::Created(id)
        }
        None => {
            let (id,): (i64,) =
                sqlx::query_as("SELECT id FROM conversations WHERE user_a = $1 AND user_b = $2")
                    .bind(a)
                    .bind(b)
                    .fetch_one(&mut *tx)
                    .await?;
            // Back in the caller's list if they had left it.
            sqlx::query(
                "INSERT INTO conversation_members (conversation_id, user_id, joined_at,
                                                   last_activity_at)
                 VALUES ($1, $2, $3, $3)
                 ON CONFLICT (conversation_id, user_id) DO NOTHING",
            )
            .bind(id)
            .bind(me)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            Started::Existing(id)
        }
    };
    tx.commit().await?;
    Ok(Some(started))
}

/// Whether `user` is a member of `conversation` (may read and write it).
pub async fn is_member(db: &Db, conversation: i64, user: i64) -> Result<bool, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT conversation_id FROM conversation_members
         WHERE conversation_id = $1 AND user_id = $2",
    )
    .bind(conversation)
    .bind(user)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.is_some())
}

/// One conversation as `member` sees it; `None` when they are not a member.
pub async fn find(
    db: &Db,
    member: i64,
    conversation: i64,
) -> Result<Option<ConversationView>, sqlx::Error> {
    sqlx::query_as(concat!(
        conversation_view!(),
        " WHERE cm.user_id = $1 AND cm.conversation_id = $2"
    ))
    .bind(member)
    .bind(conversation)
    .fetch_optional(&db.pool)
    .await
}

/// `member`'s conversations, most recent activity first. The cursor is a conversation id; the
/// next page continues below that conversation's (current) activity time.
pub async fn list(db: &Db, member: i64, page: Page) -> Result<Vec<ConversationView>, sqlx::Error> {
    if page.before == i64::MAX {
        return sqlx::query_as(concat!(
            conversation_view!(),
            " WHERE cm.user_id = $1
              ORDER BY cm.last_activity_at DESC, cm.conversation_id DESC LIMIT $2"
        ))
        .bind(member)
        .bind(page.fetch_limit())
        .fetch_all(&db.pool)
        .await;
    }
    sqlx::query_as(concat!(
        conversation_view!(),
        " JOIN conversation_members cur ON cur.user_id = $1 AND cur.conversation_id = $3
          WHERE cm.user_id = $1
            AND (cm.last_activity_at < cur.last_activity_at
                 OR (cm.last_activity_at = cur.last_activity_at
                     AND cm.conversation_id < cur.conversation_id))
          ORDER BY cm.last_activity_at DESC, cm.conversation_id DESC LIMIT $2"
    ))
    .bind(member)
    .bind(page.fetch_limit())
    .bind(page.before)
    .fetch_all(&db.pool)
    .await
}

/// What moving a read pointer found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReadTo {
    /// The pointer is at the message now (`true`: it moved there), or was beyond it already.
    Done(bool),
    /// The reader is not a member of the conversation.
    NotMember,
    /// No such message in that conversation.
    NotThere,
}

/// Moves `member`'s read pointer in `conversation` forward to `message` (never back).
pub async fn read_to(
    db: &Db,
    conversation: i64,
    member: i64,
    message: i64,
) -> Result<ReadTo, sqlx::Error> {
    if !is_member(db, conversation, member).await? {
        return Ok(ReadTo::NotMember);
    }
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM messages WHERE id = $1 AND conversation_id = $2")
            .bind(message)
            .bind(conversation)
            .fetch_optional(&db.pool)
            .await?;
    if found.is_none() {
        return Ok(ReadTo::NotThere);
    }
    let moved = sqlx::query(
        "UPDATE conversation_members SET last_read_message_id = $3
         WHERE conversation_id = $1 AND user_id = $2 AND last_read_message_id < $3",
    )
    .bind(conversation)
    .bind(member)
    .bind(message)
    .execute(&db.pool)
    .await?
    .rows_affected()
        > 0;
    Ok(ReadTo::Done(moved))
}

/// Who is told that `reader` read on in `conversation` (the `read` event): the other members
/// with read receipts on, none when the reader turned them off.
pub async fn receipt_recipients(
    db: &Db,
    conversation: i64,
    reader: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT cm.user_id FROM conversation_members cm
         WHERE cm.conversation_id = $1 AND cm.user_id <> $2
           AND NOT EXISTS (SELECT 1 FROM user_settings rs
                           WHERE rs.user_id IN (cm.user_id, $2) AND rs.read_receipts = 0)",
    )
    .bind(conversation)
    .bind(reader)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// How many of the others' messages `member` has not read, over their
/// `UNREAD_CONVERSATIONS_READ` most recently active conversations (a new message makes its
/// conversation the most recent), counted to `UNREAD_COUNT_MAX`: the Messages tab's badge.
pub async fn unread_total(db: &Db, member: i64) -> Result<i64, sqlx::Error> {
    let (total,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM (
             SELECT 1 FROM (
                 SELECT conversation_id, last_read_message_id, joined_at
                 FROM conversation_members WHERE user_id = $1
                 ORDER BY last_activity_at DESC, conversation_id DESC LIMIT $2
             ) AS cm
             JOIN messages um ON um.conversation_id = cm.conversation_id
                             AND um.id > cm.last_read_message_id
             WHERE um.sender_id <> $1 AND um.created_at >= cm.joined_at
               AND um.removed_at IS NULL
             LIMIT $3
         ) AS unread",
    )
    .bind(member)
    .bind(UNREAD_CONVERSATIONS_READ)
    .bind(UNREAD_COUNT_MAX)
    .fetch_one(&db.pool)
    .await?;
    Ok(total)
}

/// Takes `member` out of `conversation` (it leaves their list); `false` if they were not in it.
pub async fn leave(db: &Db, conversation: i64, member: i64) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query("DELETE FROM conversation_members WHERE conversation_id = $1 AND user_id = $2")
            .bind(conversation)
            .bind(member)
            .execute(&db.pool)
            .await?;
    Ok(done.rows_affected() > 0)
}

/// Who is in `conversation` now (one or both of its people; a member who left is not): typing
/// and reactions go to them. A range of the primary key.
pub async fn members(db: &Db, conversation: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> =
        sqlx::query_as("SELECT user_id FROM conversation_members WHERE conversation_id = $1")
            .bind(conversation)
            .fetch_all(&db.pool)
            .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Whether one of the conversation's two people blocked the other (`visibility::pair_blocked!`):
/// it stays readable and takes nothing new, reactions included.
pub async fn is_blocked(db: &Db, conversation: i64) -> Result<bool, sqlx::Error> {
    let row: Option<(i64,)> = sqlx::query_as(concat!(
        "SELECT ",
        pair_blocked!("c.user_a", "c.user_b"),
        " FROM conversations c WHERE c.id = $1"
    ))
    .bind(conversation)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.is_some_and(|(blocked,)| blocked != 0))
}

/// Whether `a` and `b` (two different users) share a conversation, whoever has left it since.
pub async fn shared(db: &Db, a: i64, b: i64) -> Result<bool, sqlx::Error> {
    let row: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM conversations WHERE user_a = $1 AND user_b = $2")
            .bind(a.min(b))
            .bind(a.max(b))
            .fetch_optional(&db.pool)
            .await?;
    Ok(row.is_some())
}

/// Everyone who shares a conversation with `user` (presence goes to them), each once.
pub async fn contacts(db: &Db, user: i64) -> Result<Vec<i64>, sqlx::Error> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT user_b FROM conversations WHERE user_a = $1
         UNION SELECT user_a FROM conversations WHERE user_b = $1",
    )
    .bind(user)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}
