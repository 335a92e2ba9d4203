//! Messages and reactions. A page of messages is at most three queries whatever its size: the
//! messages with their senders, quoted replies and shared posts or reels (a walk of
//! `messages_conversation_id_idx` backwards), then the reactions of that id range grouped by
//! message and emoji with the viewer's own, and (when a card shows a post) the shared posts'
//! images (`social::wire::post::media_by_post`, read by the chat's service).

use sqlx::{AnyConnection, FromRow};

use crate::chat::rules::SystemKind;
use crate::fetch_list;
use crate::kernel::page::Page;
use crate::kernel::user::UserBrief;
use crate::platform::db::group_commit::{GroupCommit, WriteError};
use crate::platform::db::visibility::pair_blocked;
use crate::platform::db::{Db, escape_like, fetch_for_ids, placeholders, violates_unique};

/// A message with its sender, the message it replies to, and what it shares.
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
    #[sqlx(flatten)]
    pub shared: SharedView,
    #[sqlx(flatten)]
    pub system: SystemView,
    pub created_at: i64,
    /// When its sender last edited it (issue 43), else NULL.
    pub edited_at: Option<i64>,
    /// When its sender unsent it (issue 43): its content is gone, its place stays.
    pub unsent_at: Option<i64>,
}

crate::native_row!(MessageView {
    id, conversation_id, sender_id, sender_username, sender_display_name, sender_profile_image,
    content, message_type, voice_url, duration, call_outcome, reply_to_id, reply_sender_id,
    reply_sender_display_name, reply_content, reply_message_type, shared: flatten SharedView,
    system: flatten SystemView, created_at, edited_at, unsent_at,
});

/// What a group's system line says happened (issue 22) and whom it names: all NULL for other
/// messages; the user columns NULL when it names nobody, or someone since deleted.
#[derive(Debug, Clone, Default, FromRow)]
pub struct SystemView {
    pub system_kind: Option<String>,
    pub system_user_id: Option<i64>,
    pub system_user_username: Option<String>,
    pub system_user_display_name: Option<String>,
    pub system_user_profile_image: Option<String>,
}

crate::native_row!(SystemView {
    system_kind,
    system_user_id,
    system_user_username,
    system_user_display_name,
    system_user_profile_image,
});

/// `SystemView`'s columns (`columns`) and the join that finds them from a message aliased `$m`
/// (`joins "m"`).
macro_rules! system_line {
    (columns) => {
        "syu.id AS system_user_id, syu.username AS system_user_username,
         syu.display_name AS system_user_display_name,
         COALESCE(syu.profile_image_small_url, syu.profile_image_url) AS system_user_profile_image"
    };
    (joins $m:literal) => {
        concat!(" LEFT JOIN users syu ON syu.id = ", $m, ".system_user_id")
    };
}
pub(crate) use system_line;

/// The post or reel a share message carries, as its card shows it: all NULL for other
/// messages, and when the item is gone (deleted, removed by moderation, or its author
/// deactivated: the user columns are NULL then).
#[derive(Debug, Clone, Default, FromRow)]
pub struct SharedView {
    pub shared_post_id: Option<i64>,
    pub shared_post_image_url: Option<String>,
    pub shared_post_thumbnail_key: Option<String>,
    pub shared_post_caption: Option<String>,
    pub shared_post_user_id: Option<i64>,
    pub shared_post_username: Option<String>,
    pub shared_post_display_name: Option<String>,
    pub shared_post_profile_image: Option<String>,
    pub shared_reel_id: Option<i64>,
    pub shared_reel_poster_key: Option<String>,
    pub shared_reel_caption: Option<String>,
    pub shared_reel_user_id: Option<i64>,
    pub shared_reel_username: Option<String>,
    pub shared_reel_display_name: Option<String>,
    pub shared_reel_profile_image: Option<String>,
}

crate::native_row!(SharedView {
    shared_post_id,
    shared_post_image_url,
    shared_post_thumbnail_key,
    shared_post_caption,
    shared_post_user_id,
    shared_post_username,
    shared_post_display_name,
    shared_post_profile_image,
    shared_reel_id,
    shared_reel_poster_key,
    shared_reel_caption,
    shared_reel_user_id,
    shared_reel_username,
    shared_reel_display_name,
    shared_reel_profile_image,
});

impl SharedView {
    /// The post whose card shows (it is there and the viewer may see it), if any: the one
    /// whose images the card carries.
    pub fn post_shown(&self) -> Option<i64> {
        match (
            self.shared_post_id,
            self.shared_post_user_id,
            &self.shared_post_image_url,
        ) {
            (Some(id), Some(_), Some(_)) => Some(id),
            _ => None,
        }
    }
}

/// `SharedView`'s columns (`columns`), and the joins that find them from a message aliased
/// `$m` as the user bound at `$viewer` may see them (`joins "m", "$3"`): a message's list and
/// the conversations' previews read the same card. An item the viewer may not see (its author
/// blocked either way, or private and not followed) leaves the message without a card, as a
/// deactivated author's does.
/// A stored image of at most 320 px is its own thumbnail, as in the post view.
macro_rules! shared_item {
    (columns) => {
        "sp.id AS shared_post_id, sp.image_url AS shared_post_image_url,
         COALESCE(spm.thumbnail_key, spm.key) AS shared_post_thumbnail_key,
         sp.caption AS shared_post_caption, spu.id AS shared_post_user_id,
         spu.username AS shared_post_username, spu.display_name AS shared_post_display_name,
         COALESCE(spu.profile_image_small_url, spu.profile_image_url) AS shared_post_profile_image,
         sr.id AS shared_reel_id, sr.poster_key AS shared_reel_poster_key,
         sr.caption AS shared_reel_caption, sru.id AS shared_reel_user_id,
         sru.username AS shared_reel_username, sru.display_name AS shared_reel_display_name,
         COALESCE(sru.profile_image_small_url, sru.profile_image_url) AS shared_reel_profile_image"
    };
    (joins $m:literal, $viewer:literal) => {
        concat!(
            " LEFT JOIN posts sp ON sp.id = ",
            $m,
            ".shared_post_id AND sp.removed_at IS NULL
             LEFT JOIN users spu ON spu.id = sp.user_id AND spu.deactivated_at IS NULL AND ",
            $crate::platform::db::visibility::may_see!($viewer, "spu.id"),
            " LEFT JOIN media spm ON spm.key = sp.media_key
             LEFT JOIN reels sr ON sr.id = ",
            $m,
            ".shared_reel_id AND sr.removed_at IS NULL
             LEFT JOIN users sru ON sru.id = sr.user_id AND sru.deactivated_at IS NULL AND ",
            $crate::platform::db::visibility::may_see!($viewer, "sru.id")
        )
    };
}
pub(crate) use shared_item;

/// One emoji on one message: how many reacted with it, and whether the viewer did.
#[derive(Debug, Clone, FromRow)]
pub struct ReactionCount {
    pub message_id: i64,
    pub emoji: String,
    pub count: i64,
    pub mine: i64,
}

crate::native_row!(ReactionCount {
    message_id,
    emoji,
    count,
    mine,
});

/// A message as the user bound at `$viewer` sees it (its shared card).
macro_rules! message_view {
    ($viewer:literal) => {
        concat!(
            "SELECT m.id, m.conversation_id, m.sender_id,
                s.username AS sender_username, s.display_name AS sender_display_name,
                COALESCE(s.profile_image_small_url, s.profile_image_url) AS sender_profile_image,
                m.content, m.message_type, m.voice_url, m.duration, m.call_outcome,
                m.reply_to_id,
                r.sender_id AS reply_sender_id, rs.display_name AS reply_sender_display_name,
                r.content AS reply_content, r.message_type AS reply_message_type, ",
            shared_item!(columns),
            ", m.system_kind, ",
            system_line!(columns),
            ", m.created_at, m.edited_at, m.unsent_at
         FROM messages m
         JOIN users s ON s.id = m.sender_id
         LEFT JOIN messages r ON r.id = m.reply_to_id AND r.removed_at IS NULL
                              AND r.unsent_at IS NULL
         LEFT JOIN users rs ON rs.id = r.sender_id",
            shared_item!(joins "m", $viewer),
            system_line!(joins "m")
        )
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
    /// A post or a reel (`Draft::share`): the card is the content, so the text is ''.
    Share(Shared),
}

/// What a share message carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shared {
    Post(i64),
    Reel(i64),
}

/// What a send with an Idempotency-Key asks for, as a retry of it must repeat it: a text, or a
/// voice message's caption (its recording is not compared: a retry is looked up before its
/// audio is stored).
#[derive(Debug, Clone, Copy)]
pub enum Sending<'a> {
    Text(&'a str),
    Voice { caption: &'a str },
}

/// A message's stored columns besides its conversation, sender and reply.
struct Parts<'a> {
    content: &'a str,
    message_type: &'static str,
    voice_url: Option<&'a str>,
    duration: Option<i64>,
    shared_post_id: Option<i64>,
    shared_reel_id: Option<i64>,
}

impl Body<'_> {
    fn parts(&self) -> Parts<'_> {
        let text = |content, message_type| Parts {
            content,
            message_type,
            voice_url: None,
            duration: None,
            shared_post_id: None,
            shared_reel_id: None,
        };
        match *self {
            Body::Text(content) => text(content, "text"),
            Body::Voice {
                content,
                voice_url,
                duration,
            } => Parts {
                voice_url: Some(voice_url),
                duration: Some(duration),
                ..text(content, "voice")
            },
            Body::Share(Shared::Post(id)) => Parts {
                shared_post_id: Some(id),
                ..text("", "post")
            },
            Body::Share(Shared::Reel(id)) => Parts {
                shared_reel_id: Some(id),
                ..text("", "reel")
            },
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
    /// One of the two people blocked the other: the conversation stays readable, nothing more
    /// can be sent in it.
    Blocked,
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
    /// The pair of a one-to-one conversation; NULL for a group.
    user_a: Option<i64>,
    user_b: Option<i64>,
    /// A group's name.
    group_name: Option<String>,
    sender_username: String,
    sender_display_name: String,
    sender_profile_image: Option<String>,
    reply_found: i64,
    reply_sender_id: Option<i64>,
    reply_sender_display_name: Option<String>,
    reply_content: Option<String>,
    reply_message_type: Option<String>,
    blocked: i64,
}

crate::native_row!(PostContext {
    user_a,
    user_b,
    group_name,
    sender_username,
    sender_display_name,
    sender_profile_image,
    reply_found,
    reply_sender_id,
    reply_sender_display_name,
    reply_content,
    reply_message_type,
    blocked,
});

/// A stored message as everyone sees it (no reactions yet) and the people to tell: both people
/// of a one-to-one conversation (one who had left is back), a group's members.
pub struct Posted {
    pub message: MessageView,
    pub people: Vec<i64>,
    /// The group's name, when it went to a group.
    pub group_name: Option<String>,
}

/// The message a sender already sent with the Idempotency-Key of a new one.
pub enum Earlier {
    /// This very message again (same conversation, type, text and reply): a retry. As the
    /// sender sees it, with the people to tell.
    Same(Box<Posted>),
    /// Another message: the key may not be used for this one.
    Other,
}

/// What a keyed INSERT did: stored the message, or met the sender's key already taken (only
/// with a key).
enum Inserted {
    Id(i64),
    KeyTaken,
}

/// What `Draft::post` did.
pub enum Sent {
    New(Box<Posted>),
    /// Stored nothing: the sender's key was already taken, by this message (a concurrent retry
    /// stored it first) or another.
    Earlier(Earlier),
}

/// A message that may be sent: the sender is a member, neither person blocked the other, and
/// the quoted message is in the conversation. Made by `prepare`, stored by `Draft::post`.
pub struct Draft {
    conversation_id: i64,
    sender_id: i64,
    reply_to_id: Option<i64>,
    context: PostContext,
    people: Vec<i64>,
}

/// Stores a message. Two statements: one read (`prepare`: membership, the people, the sender
/// and the quoted message) and the INSERT (`Draft::post`), whose trigger (migration 0006) makes
/// it the conversation's last and moves the conversation to the top of both people's lists,
/// bringing it back for one who had left. The answer is built from what the read found: nothing
/// is read back.
pub async fn post(db: &Db, new: NewMessage<'_>) -> Result<Posted, PostError> {
    let draft = prepare(db, new.conversation_id, new.sender_id, new.reply_to_id).await?;
    let parts = new.body.parts();
    let mut conn = db.pool.acquire().await?;
    let id = draft
        .insert(&mut conn, &parts, None, new.created_at)
        .await?;
    Ok(draft.posted(id, &parts, SharedView::default(), new.created_at))
}

/// The read half of `post`, for a handler with work to do between the checks and the INSERT
/// (storing a voice message's audio only once the sender may send it).
pub async fn prepare(
    db: &Db,
    conversation_id: i64,
    sender_id: i64,
    reply_to_id: Option<i64>,
) -> Result<Draft, PostError> {
    let context = fetch_list!(
        db,
        PostContext,
        concat!(
            "SELECT c.user_a, c.user_b, c.name AS group_name, s.username AS sender_username,
                s.display_name AS sender_display_name,
                COALESCE(s.profile_image_small_url, s.profile_image_url) AS sender_profile_image,
                CASE WHEN r.id IS NULL THEN 0 ELSE 1 END AS reply_found,
                r.sender_id AS reply_sender_id, rs.display_name AS reply_sender_display_name,
                r.content AS reply_content, r.message_type AS reply_message_type, ",
            pair_blocked!("c.user_a", "c.user_b"),
            " AS blocked
         FROM conversation_members cm
         JOIN conversations c ON c.id = cm.conversation_id
         JOIN users s ON s.id = cm.user_id
         LEFT JOIN messages r ON r.id = $3 AND r.conversation_id = cm.conversation_id
                              AND r.message_type <> 'system'
         LEFT JOIN users rs ON rs.id = r.sender_id
         WHERE cm.conversation_id = $1 AND cm.user_id = $2"
        ),
        conversation_id,
        sender_id,
        reply_to_id
    )?;
    // One row at most: the membership's primary key.
    let context = context.into_iter().next().ok_or(PostError::NotMember)?;
    if context.blocked != 0 {
        return Err(PostError::Blocked);
    }
    if reply_to_id.is_some() && context.reply_found == 0 {
        return Err(PostError::ReplyNotFound);
    }
    let people = match (context.user_a, context.user_b) {
        (Some(a), Some(b)) => vec![a, b],
        // A group's members now (one more range of the primary key).
        _ => sqlx::query_as::<_, (i64,)>(
            "SELECT user_id FROM conversation_members WHERE conversation_id = $1",
        )
        .bind(conversation_id)
        .fetch_all(&db.pool)
        .await?
        .into_iter()
        .map(|(id,)| id)
        .collect(),
    };
    Ok(Draft {
        conversation_id,
        sender_id,
        reply_to_id,
        context,
        people,
    })
}

impl Draft {
    /// The INSERT half of `post`, keeping the sender's Idempotency-Key `key` with the message.
    /// A key already taken stores nothing (the unique index `messages_client_key` decides, so
    /// concurrent retries store one message) and finds what took it.
    pub async fn post(
        self,
        db: &Db,
        body: Body<'_>,
        key: Option<&str>,
        created_at: i64,
    ) -> Result<Sent, sqlx::Error> {
        let parts = body.parts();
        match self.insert_keyed(db, &parts, key, created_at).await? {
            Inserted::Id(id) => {
                let posted = self.posted(id, &parts, SharedView::default(), created_at);
                Ok(Sent::New(Box::new(posted)))
            }
            Inserted::KeyTaken => {
                // Deleted since (its conversation with it): stored nothing, nothing to answer.
                let found = self
                    .earlier_as(
                        db,
                        key.unwrap_or_default(),
                        parts.message_type,
                        parts.content,
                    )
                    .await?;
                found.map(Sent::Earlier).ok_or(sqlx::Error::RowNotFound)
            }
        }
    }

    /// `INSERT_MESSAGE` through SQLite's writer thread, or the pool's connection (PostgreSQL,
    /// or when the writer failed for another reason than the key).
    async fn insert_keyed(
        &self,
        db: &Db,
        parts: &Parts<'_>,
        key: Option<&str>,
        created_at: i64,
    ) -> Result<Inserted, sqlx::Error> {
        if let Some(writer) = &db.writer {
            match self.insert_batched(writer, parts, key, created_at).await {
                Ok(id) => return Ok(Inserted::Id(id)),
                Err(err) if key.is_some() && err.violates_unique("messages.client_key") => {
                    return Ok(Inserted::KeyTaken);
                }
                Err(err) => {
                    tracing::warn!(error = %err, "a message's batched INSERT failed; the pool's instead");
                }
            }
        }
        let mut conn = db.pool.acquire().await?;
        match self.insert(&mut conn, parts, key, created_at).await {
            Ok(id) => Ok(Inserted::Id(id)),
            Err(err)
                if key.is_some()
                    && violates_unique(&err, "messages_client_key", "messages.client_key") =>
            {
                Ok(Inserted::KeyTaken)
            }
            Err(err) => Err(err),
        }
    }

    /// The message the sender already sent with `key`, if any: one read through
    /// `messages_client_key`. A voice message looks before its audio is stored.
    pub async fn earlier(
        &self,
        db: &Db,
        key: &str,
        sending: Sending<'_>,
    ) -> Result<Option<Earlier>, sqlx::Error> {
        let (message_type, content) = match sending {
            Sending::Text(text) => ("text", text),
            Sending::Voice { caption } => ("voice", caption),
        };
        self.earlier_as(db, key, message_type, content).await
    }

    async fn earlier_as(
        &self,
        db: &Db,
        key: &str,
        message_type: &str,
        content: &str,
    ) -> Result<Option<Earlier>, sqlx::Error> {
        let found: Option<MessageView> = sqlx::query_as(concat!(
            message_view!("$1"),
            " WHERE m.sender_id = $1 AND m.client_key = $2"
        ))
        .bind(self.sender_id)
        .bind(key)
        .fetch_optional(&db.pool)
        .await?;
        Ok(found.map(|message| {
            let same = message.conversation_id == self.conversation_id
                && message.message_type == message_type
                && message.content == content
                && message.reply_to_id == self.reply_to_id;
            if same {
                Earlier::Same(Box::new(Posted {
                    message,
                    people: self.people.clone(),
                    group_name: self.context.group_name.clone(),
                }))
            } else {
                Earlier::Other
            }
        }))
    }

    /// Shares a post or a reel into the conversation: the message (through the same INSERT and
    /// trigger as any) and the sharer's distinct share, whose first time moves the item's
    /// `shares_count`, in one write transaction; the card is read in it too, so the answer
    /// shows what was shared. `None` (nothing stored) when the item does not exist or its
    /// author is deactivated.
    pub async fn share(
        self,
        db: &Db,
        shared: Shared,
        created_at: i64,
    ) -> Result<Option<Posted>, sqlx::Error> {
        let (post_id, reel_id) = match shared {
            Shared::Post(id) => (Some(id), None),
            Shared::Reel(id) => (None, Some(id)),
        };
        let mut tx = db.begin_write().await?;
        // The card of the item, from a one-row stand-in for the message.
        let card: SharedView = sqlx::query_as(concat!(
            "SELECT ",
            shared_item!(columns),
            " FROM (SELECT CAST($1 AS BIGINT) AS shared_post_id,
                           CAST($2 AS BIGINT) AS shared_reel_id) m",
            shared_item!(joins "m", "$3")
        ))
        .bind(post_id)
        .bind(reel_id)
        .bind(self.sender_id)
        .fetch_one(&mut *tx)
        .await?;
        let visible = match shared {
            Shared::Post(_) => card.shared_post_user_id.is_some(),
            Shared::Reel(_) => card.shared_reel_user_id.is_some(),
        };
        if !visible {
            return Ok(None); // the transaction rolls back on drop
        }
        let sender = self.sender_id;
        let body = Body::Share(shared);
        let parts = body.parts();
        let id = self.insert(&mut tx, &parts, None, created_at).await?;
        let posted = self.posted(id, &parts, card, created_at);
        let (record, count) = match shared {
            Shared::Post(_) => (
                "INSERT INTO post_shares (user_id, post_id, created_at) VALUES ($1, $2, $3)
                 ON CONFLICT (user_id, post_id) DO NOTHING",
                "UPDATE posts SET shares_count = shares_count + 1 WHERE id = $1",
            ),
            Shared::Reel(_) => (
                "INSERT INTO reel_shares (user_id, reel_id, created_at) VALUES ($1, $2, $3)
                 ON CONFLICT (user_id, reel_id) DO NOTHING",
                "UPDATE reels SET shares_count = shares_count + 1 WHERE id = $1",
            ),
        };
        let item = post_id.or(reel_id);
        let first_time = sqlx::query(record)
            .bind(sender)
            .bind(item)
            .bind(created_at)
            .execute(&mut *tx)
            .await?
            .rows_affected()
            == 1;
        if first_time {
            sqlx::query(count).bind(item).execute(&mut *tx).await?;
        }
        tx.commit().await?;
        Ok(Some(posted))
    }

    /// `INSERT_MESSAGE` on SQLite's writer thread, in a batch with the other writes waiting
    /// (platform/db/group_commit.rs): the new id once the batch has committed.
    async fn insert_batched(
        &self,
        writer: &GroupCommit,
        parts: &Parts<'_>,
        key: Option<&str>,
        created_at: i64,
    ) -> Result<i64, WriteError> {
        let (conversation, sender, reply_to) =
            (self.conversation_id, self.sender_id, self.reply_to_id);
        let (content, message_type) = (parts.content.to_owned(), parts.message_type);
        let (voice_url, duration) = (parts.voice_url.map(str::to_owned), parts.duration);
        let (shared_post, shared_reel) = (parts.shared_post_id, parts.shared_reel_id);
        let key = key.map(str::to_owned);
        writer
            .write(move |conn| {
                // `$1` … `$11` appear in order: SQLite numbers them 1 … 11.
                conn.prepare_cached(INSERT_MESSAGE)?.query_row(
                    rusqlite::params![
                        conversation,
                        sender,
                        content,
                        message_type,
                        voice_url,
                        duration,
                        reply_to,
                        created_at,
                        shared_post,
                        shared_reel,
                        key
                    ],
                    |row| row.get(0),
                )
            })
            .await
    }

    /// `INSERT_MESSAGE` on the pool's connection or in a share's transaction: the new id.
    async fn insert(
        &self,
        conn: &mut AnyConnection,
        parts: &Parts<'_>,
        key: Option<&str>,
        created_at: i64,
    ) -> Result<i64, sqlx::Error> {
        let (id,): (i64,) = sqlx::query_as(INSERT_MESSAGE)
            .bind(self.conversation_id)
            .bind(self.sender_id)
            .bind(parts.content)
            .bind(parts.message_type)
            .bind(parts.voice_url)
            .bind(parts.duration)
            .bind(self.reply_to_id)
            .bind(created_at)
            .bind(parts.shared_post_id)
            .bind(parts.shared_reel_id)
            .bind(key)
            .fetch_one(&mut *conn)
            .await?;
        Ok(id)
    }

    /// The stored message `id` as everyone sees it, built from what `prepare` read and the
    /// card: nothing is read back.
    fn posted(self, id: i64, parts: &Parts<'_>, shared: SharedView, created_at: i64) -> Posted {
        let context = self.context;
        Posted {
            message: MessageView {
                id,
                conversation_id: self.conversation_id,
                sender_id: self.sender_id,
                sender_username: context.sender_username,
                sender_display_name: context.sender_display_name,
                sender_profile_image: context.sender_profile_image,
                content: parts.content.to_owned(),
                message_type: parts.message_type.to_owned(),
                voice_url: parts.voice_url.map(str::to_owned),
                duration: parts.duration,
                call_outcome: None,
                reply_to_id: self.reply_to_id,
                reply_sender_id: context.reply_sender_id,
                reply_sender_display_name: context.reply_sender_display_name,
                reply_content: context.reply_content,
                reply_message_type: context.reply_message_type,
                shared,
                system: SystemView::default(),
                created_at,
                edited_at: None,
                unsent_at: None,
            },
            people: self.people,
            group_name: context.group_name,
        }
    }
}

/// A message's INSERT, the same text on the pool and on SQLite's writer thread.
const INSERT_MESSAGE: &str =
    "INSERT INTO messages (conversation_id, sender_id, content, message_type, voice_url,
                                   duration, reply_to_id, created_at, shared_post_id,
                                   shared_reel_id, client_key)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id";

/// Writes a group's system line (issue 22) in the caller's transaction: `actor` did `kind` to
/// `user`, and `content` is the group's new name for `created` and `renamed`. Its trigger moves the group up its members' lists like any message.
pub async fn insert_system(
    conn: &mut AnyConnection,
    conversation: i64,
    actor: i64,
    kind: SystemKind,
    user: Option<i64>,
    content: &str,
    now: i64,
) -> Result<i64, sqlx::Error> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO messages (conversation_id, sender_id, content, message_type, created_at,
                               system_kind, system_user_id)
         VALUES ($1, $2, $3, 'system', $4, $5, $6) RETURNING id",
    )
    .bind(conversation)
    .bind(actor)
    .bind(content)
    .bind(now)
    .bind(kind.as_str())
    .bind(user)
    .fetch_one(&mut *conn)
    .await?;
    Ok(id)
}

/// One message of a conversation as `viewer` sees it.
pub async fn find(
    db: &Db,
    viewer: i64,
    conversation: i64,
    message: i64,
) -> Result<Option<MessageView>, sqlx::Error> {
    sqlx::query_as(concat!(
        message_view!("$3"),
        " WHERE m.id = $1 AND m.conversation_id = $2"
    ))
    .bind(message)
    .bind(conversation)
    .bind(viewer)
    .fetch_optional(&db.pool)
    .await
}

/// Messages `ids` of a conversation as `viewer` sees them, oldest first, in one read (a change's
/// system lines: a handful, at most a group's size).
pub async fn find_many(
    db: &Db,
    viewer: i64,
    conversation: i64,
    ids: &[i64],
) -> Result<Vec<MessageView>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "{} WHERE m.conversation_id = $1 AND m.id IN ({}) ORDER BY m.id",
        message_view!("$2"),
        placeholders(3, ids.len())
    );
    // Only numbered placeholders are formatted in; the ids are bound.
    let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(conversation)
        .bind(viewer);
    for id in ids {
        query = query.bind(*id);
    }
    query.fetch_all(&db.pool).await
}

/// A message's own columns: what a page reads of each of its messages before it names their
/// people, the messages they quote and the items they share, each once for the page (`page`).
#[derive(Debug, Clone, FromRow)]
struct OwnRow {
    id: i64,
    conversation_id: i64,
    sender_id: i64,
    content: String,
    message_type: String,
    voice_url: Option<String>,
    duration: Option<i64>,
    call_outcome: Option<String>,
    reply_to_id: Option<i64>,
    shared_post_id: Option<i64>,
    shared_reel_id: Option<i64>,
    system_kind: Option<String>,
    system_user_id: Option<i64>,
    created_at: i64,
    edited_at: Option<i64>,
    unsent_at: Option<i64>,
}

crate::native_row!(OwnRow {
    id,
    conversation_id,
    sender_id,
    content,
    message_type,
    voice_url,
    duration,
    call_outcome,
    reply_to_id,
    shared_post_id,
    shared_reel_id,
    system_kind,
    system_user_id,
    created_at,
    edited_at,
    unsent_at,
});

/// A quoted message as a reply shows it.
#[derive(Debug, Clone, FromRow)]
struct Quoted {
    id: i64,
    sender_id: i64,
    content: String,
    message_type: String,
}

crate::native_row!(Quoted {
    id,
    sender_id,
    content,
    message_type,
});

/// A share message's card (`shared_item!`), by message.
#[derive(Debug, Clone, FromRow)]
struct SharedOf {
    id: i64,
    #[sqlx(flatten)]
    shared: SharedView,
}

crate::native_row!(SharedOf {
    id,
    shared: flatten SharedView,
});

/// A page of a conversation's messages as `viewer` sees them, newest first (the caller shows
/// them oldest first). The messages' own columns are one walk of
/// `messages_conversation_id_idx`; then, once for the page rather than joined to each message,
/// the people they name (senders, quoted senders, system lines' users: a handful in any
/// conversation), the quoted messages not on the page, and the shared cards when a message
/// shares something (issue 45: the nine joins per message were most of the page's cost).
pub async fn page(
    db: &Db,
    viewer: i64,
    conversation: i64,
    page: Page,
) -> Result<Vec<MessageView>, sqlx::Error> {
    let rows = fetch_list!(
        db,
        OwnRow,
        "SELECT m.id, m.conversation_id, m.sender_id, m.content, m.message_type, m.voice_url,
                m.duration, m.call_outcome, m.reply_to_id, m.shared_post_id, m.shared_reel_id,
                m.system_kind, m.system_user_id, m.created_at, m.edited_at, m.unsent_at
         FROM messages m
         WHERE m.conversation_id = $1 AND m.id < $2 AND m.removed_at IS NULL
         ORDER BY m.id DESC LIMIT $3",
        conversation,
        page.before,
        page.fetch_limit()
    )?;
    views(db, viewer, rows).await
}

/// A page of conversation `conversation`'s messages, newest first, that say `words`
/// (case-insensitive) in their text or, for voice messages, their transcript (issue 47). A
/// LIKE over the conversation's messages, walked newest first along its index.
pub async fn search(
    db: &Db,
    viewer: i64,
    conversation: i64,
    page: Page,
    words: &str,
) -> Result<Vec<MessageView>, sqlx::Error> {
    let pattern = format!("%{}%", escape_like(&words.to_lowercase()));
    let rows = fetch_list!(
        db,
        OwnRow,
        "SELECT m.id, m.conversation_id, m.sender_id, m.content, m.message_type, m.voice_url,
                m.duration, m.call_outcome, m.reply_to_id, m.shared_post_id, m.shared_reel_id,
                m.system_kind, m.system_user_id, m.created_at, m.edited_at, m.unsent_at
         FROM messages m
         LEFT JOIN transcripts t ON t.message_id = m.id AND t.state = 'done'
         WHERE m.conversation_id = $1 AND m.id < $2 AND m.removed_at IS NULL
           AND m.unsent_at IS NULL AND m.message_type IN ('text', 'voice')
           AND (LOWER(m.content) LIKE $4 ESCAPE '\\' OR LOWER(t.text) LIKE $4 ESCAPE '\\')
         ORDER BY m.id DESC LIMIT $3",
        conversation,
        page.before,
        page.fetch_limit(),
        pattern
    )?;
    views(db, viewer, rows).await
}

/// The rows of a page as their views: their people, the messages they quote and the items
/// they share read once for the page.
async fn views(db: &Db, viewer: i64, rows: Vec<OwnRow>) -> Result<Vec<MessageView>, sqlx::Error> {
    // A quoted message on the page is read there (the page holds no removed message); the
    // others by id. A removed or unsent one shows no preview.
    let on_page = |id: i64| rows.iter().find(|row| row.id == id);
    let mut elsewhere: Vec<i64> = rows
        .iter()
        .filter_map(|row| row.reply_to_id)
        .filter(|&id| on_page(id).is_none())
        .collect();
    elsewhere.sort_unstable();
    elsewhere.dedup();
    let mut quoted: Vec<Quoted> = fetch_for_ids(
        db,
        "SELECT id, sender_id, content, message_type FROM messages
         WHERE id IN ({ids}) AND removed_at IS NULL AND unsent_at IS NULL",
        &[],
        &elsewhere,
    )
    .await?;
    quoted.extend(
        rows.iter()
            .filter(|row| row.unsent_at.is_none())
            .filter(|row| rows.iter().any(|m| m.reply_to_id == Some(row.id)))
            .map(|row| Quoted {
                id: row.id,
                sender_id: row.sender_id,
                content: row.content.clone(),
                message_type: row.message_type.clone(),
            }),
    );
    let mut people: Vec<i64> = rows
        .iter()
        .flat_map(|row| [Some(row.sender_id), row.system_user_id])
        .flatten()
        .chain(quoted.iter().map(|q| q.sender_id))
        .collect();
    people.sort_unstable();
    people.dedup();
    let people: Vec<UserBrief> = fetch_for_ids(
        db,
        "SELECT id, username, display_name,
                COALESCE(profile_image_small_url, profile_image_url) AS profile_image
         FROM users WHERE id IN ({ids})",
        &[],
        &people,
    )
    .await?;
    let sharing: Vec<i64> = rows
        .iter()
        .filter(|row| row.shared_post_id.is_some() || row.shared_reel_id.is_some())
        .map(|row| row.id)
        .collect();
    let mut shared: Vec<SharedOf> = fetch_for_ids(
        db,
        concat!(
            "SELECT m.id, ",
            shared_item!(columns),
            " FROM messages m",
            shared_item!(joins "m", "$1"),
            " WHERE m.id IN ({ids})"
        ),
        &[viewer],
        &sharing,
    )
    .await?;
    let person = |id: i64| people.iter().find(|p| p.id == id);
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            // Every sender is there (a user's messages go with them); a message whose sender
            // went between the reads is left out, as the join left it out.
            let sender = person(row.sender_id)?.clone();
            let quote = row
                .reply_to_id
                .and_then(|id| quoted.iter().find(|q| q.id == id));
            let system_user = row.system_user_id.and_then(person);
            let card = shared
                .iter()
                .position(|s| s.id == row.id)
                .map(|at| shared.swap_remove(at).shared)
                .unwrap_or_default();
            Some(MessageView {
                id: row.id,
                conversation_id: row.conversation_id,
                sender_id: row.sender_id,
                sender_username: sender.username,
                sender_display_name: sender.display_name,
                sender_profile_image: sender.profile_image,
                content: row.content,
                message_type: row.message_type,
                voice_url: row.voice_url,
                duration: row.duration,
                call_outcome: row.call_outcome,
                reply_to_id: row.reply_to_id,
                reply_sender_id: quote.map(|q| q.sender_id),
                reply_sender_display_name: quote
                    .and_then(|q| person(q.sender_id))
                    .map(|p| p.display_name.clone()),
                reply_content: quote.map(|q| q.content.clone()),
                reply_message_type: quote.map(|q| q.message_type.clone()),
                shared: card,
                system: SystemView {
                    system_kind: row.system_kind,
                    system_user_id: system_user.map(|p| p.id),
                    system_user_username: system_user.map(|p| p.username.clone()),
                    system_user_display_name: system_user.map(|p| p.display_name.clone()),
                    system_user_profile_image: system_user.and_then(|p| p.profile_image.clone()),
                },
                created_at: row.created_at,
                edited_at: row.edited_at,
                unsent_at: row.unsent_at,
            })
        })
        .collect())
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
    // Read natively on SQLite, as the page itself (issue 45).
    fetch_list!(
        db,
        ReactionCount,
        "SELECT r.message_id, r.emoji, CAST(COUNT(*) AS BIGINT) AS count,
                CAST(MAX(CASE WHEN r.user_id = $1 THEN 1 ELSE 0 END) AS BIGINT) AS mine
         FROM messages m
         JOIN message_reactions r ON r.message_id = m.id
         WHERE m.conversation_id = $2 AND m.id >= $3 AND m.id <= $4
         GROUP BY r.message_id, r.emoji
         ORDER BY r.message_id, MIN(r.created_at), r.emoji",
        viewer,
        conversation,
        first,
        last
    )
}

/// One reaction on a message: who, with what, when.
#[derive(Debug, Clone, FromRow)]
pub struct Reactor {
    pub emoji: String,
    pub user_id: i64,
    pub created_at: i64,
}

/// Every reaction on `message` (read through its primary key), oldest first: what each member
/// sees of it is computed from these without a query per member.
pub async fn reactors(db: &Db, message: i64) -> Result<Vec<Reactor>, sqlx::Error> {
    sqlx::query_as(
        "SELECT emoji, user_id, created_at FROM message_reactions
         WHERE message_id = $1
         ORDER BY created_at, emoji, user_id",
    )
    .bind(message)
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
    // A group's system line takes no reaction.
    let found: Option<(i64,)> = sqlx::query_as(
        "SELECT id FROM messages
         WHERE id = $1 AND conversation_id = $2 AND message_type <> 'system'",
    )
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

/// How long after sending its sender may edit a text message (issue 43): 15 minutes.
pub const EDIT_WINDOW_MS: i64 = 15 * 60 * 1000;

/// What a sender asked of a message of theirs (issue 43).
#[derive(Debug, Clone, Copy)]
pub enum Change<'a> {
    /// Unsend it: its content, recording, shared item and reactions go; its place stays.
    Unsend,
    /// Replace a text message's words.
    Edit(&'a str),
}

/// Why a message was not changed (nothing changed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeRefusal {
    /// No such message in this conversation (or it was removed by moderation).
    NotFound,
    /// Someone else sent it.
    NotSender,
    /// A call line or a group's line: the server's, nobody changes them.
    ServerLine,
    /// Only a text message is edited.
    NotText,
    /// Unsent already: nothing is left to edit.
    Unsent,
    /// Sent more than `EDIT_WINDOW_MS` ago.
    TooLate,
}

/// What a change did: `true` when it changed the message (unsending twice changes it once).
pub type Changed = Result<bool, ChangeRefusal>;

/// `sender` changes `message` of `conversation` at `now` (membership is the caller's check):
/// one write transaction reading the message's row, then its UPDATE.
pub async fn change(
    db: &Db,
    conversation: i64,
    message: i64,
    sender: i64,
    change: Change<'_>,
    now: i64,
) -> Result<Changed, sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let found: Option<(i64, String, i64, Option<i64>)> = sqlx::query_as(
        "SELECT sender_id, message_type, created_at, unsent_at FROM messages
         WHERE id = $1 AND conversation_id = $2 AND removed_at IS NULL",
    )
    .bind(message)
    .bind(conversation)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((sent_by, message_type, created_at, unsent_at)) = found else {
        return Ok(Err(ChangeRefusal::NotFound));
    };
    if message_type == "system" || message_type == "call" {
        return Ok(Err(ChangeRefusal::ServerLine));
    }
    if sent_by != sender {
        return Ok(Err(ChangeRefusal::NotSender));
    }
    match change {
        Change::Unsend => {
            if unsent_at.is_some() {
                return Ok(Ok(false));
            }
            sqlx::query(
                "UPDATE messages SET unsent_at = $2, content = '', voice_url = NULL,
                        duration = NULL, shared_post_id = NULL, shared_reel_id = NULL
                 WHERE id = $1",
            )
            .bind(message)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query("DELETE FROM message_reactions WHERE message_id = $1")
                .bind(message)
                .execute(&mut *tx)
                .await?;
        }
        Change::Edit(content) => {
            if unsent_at.is_some() {
                return Ok(Err(ChangeRefusal::Unsent));
            }
            if message_type != "text" {
                return Ok(Err(ChangeRefusal::NotText));
            }
            if now - created_at > EDIT_WINDOW_MS {
                return Ok(Err(ChangeRefusal::TooLate));
            }
            sqlx::query("UPDATE messages SET content = $2, edited_at = $3 WHERE id = $1")
                .bind(message)
                .bind(content)
                .bind(now)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(Ok(true))
}

/// The conversation of message `id`, if it is still there.
pub async fn conversation_of(db: &Db, id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT conversation_id FROM messages WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}
