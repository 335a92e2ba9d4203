//! Mentions: `@username` in a caption or a comment naming an existing, active account is a row
//! (the notifications issue reads them by `mentions_mentioned_user_id_idx`). Names that match
//! nobody, or a deactivated account, stay text: the INSERT … SELECT finds no user and writes
//! nothing. Written inside the caller's transaction, so a comment and its mentions commit (and,
//! through the foreign keys' cascade, go) together.

use crate::notifications;
use sqlx::AnyConnection;

use crate::identity::rules::account::Username;
use crate::notifications::rules::notification::{
    NotificationKind, NotificationTargetType, preview,
};
use crate::notifications::{Act, Notice};
use crate::platform::db::visibility::not_blocked;

/// What the mentioning text belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MentionIn {
    Post(i64),
    Comment(i64),
    /// A reel's caption (issue 44).
    Reel(i64),
}

/// Whose caption names people.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptionOf {
    Post(i64),
    Reel(i64),
}

/// Stores a mention of each name that is an active account, by `author` in `target`; answers
/// the ids of the accounts mentioned. One short INSERT per name (the names are few: domain caps
/// them at `MENTIONS_MAX`), each a lookup of `users_username_key`.
pub async fn insert(
    conn: &mut AnyConnection,
    author: i64,
    target: MentionIn,
    names: &[Username],
    now: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    let (post_id, comment_id, reel_id) = match target {
        MentionIn::Post(id) => (Some(id), None, None),
        MentionIn::Comment(id) => (None, Some(id), None),
        MentionIn::Reel(id) => (None, None, Some(id)),
    };
    let mut stored = Vec::new();
    for name in names {
        // An account blocked either way with the author is not mentioned (the name stays text).
        let mentioned: Option<(i64,)> = sqlx::query_as(concat!(
            "INSERT INTO mentions (mentioned_user_id, author_id, post_id, comment_id, reel_id,
                                   created_at)
             SELECT u.id, $2, $3, $4, $6, $5 FROM users u
             WHERE lower(u.username) = lower($1) AND u.deactivated_at IS NULL AND ",
            not_blocked!("$2", "u.id"),
            " ON CONFLICT DO NOTHING RETURNING mentioned_user_id"
        ))
        .bind(name.as_str())
        .bind(author)
        .bind(post_id)
        .bind(comment_id)
        .bind(now)
        .bind(reel_id)
        .fetch_optional(&mut *conn)
        .await?;
        stored.extend(mentioned.map(|(id,)| id));
    }
    Ok(stored)
}

/// The ids of the users mentioned in `target`, in the order they were stored.
pub async fn mentioned_in(
    db: &crate::platform::db::Db,
    target: MentionIn,
) -> Result<Vec<i64>, sqlx::Error> {
    let (sql, id) = match target {
        MentionIn::Post(id) => (
            "SELECT mentioned_user_id FROM mentions WHERE post_id = $1 ORDER BY id",
            id,
        ),
        MentionIn::Comment(id) => (
            "SELECT mentioned_user_id FROM mentions WHERE comment_id = $1 ORDER BY id",
            id,
        ),
        MentionIn::Reel(id) => (
            "SELECT mentioned_user_id FROM mentions WHERE reel_id = $1 ORDER BY id",
            id,
        ),
    };
    let rows: Vec<(i64,)> = sqlx::query_as(sql).bind(id).fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Stores the mentions of a post's or a reel's caption (`target`), and the notifications they
/// make, in a write transaction of their own (the INSERT or UPDATE of the post or reel, in
/// social/store/posts.rs or reels.rs, ran before). A name the caption mentioned already is not
/// stored again, so only a newly mentioned person is told.
pub async fn insert_for_caption(
    db: &crate::platform::db::Db,
    author: i64,
    target: CaptionOf,
    caption: &str,
    names: &[Username],
    now: i64,
) -> Result<Vec<Notice>, sqlx::Error> {
    if names.is_empty() {
        return Ok(Vec::new());
    }
    let (within, target_type, id) = match target {
        CaptionOf::Post(id) => (MentionIn::Post(id), NotificationTargetType::Post, id),
        CaptionOf::Reel(id) => (MentionIn::Reel(id), NotificationTargetType::Reel, id),
    };
    let mut tx = db.begin_write().await?;
    let mentioned = insert(&mut tx, author, within, names, now).await?;
    let quote = preview(caption);
    let mut notices = Vec::new();
    for user in mentioned {
        let mut act = Act::new(user, author, NotificationKind::Mention, target_type, id);
        match target {
            CaptionOf::Post(_) => act.post_id = Some(id),
            CaptionOf::Reel(_) => act.reel_id = Some(id),
        }
        act.preview = Some(&quote);
        notices.extend(notifications::record(&mut tx, &act, now).await?);
    }
    tx.commit().await?;
    Ok(notices)
}
