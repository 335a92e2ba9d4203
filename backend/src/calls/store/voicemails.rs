//! Voicemails: recordings left for someone the sender shares a conversation with. A page of a
//! recipient's voicemails is one query (a walk of `voicemails_recipient_id_idx` backwards, with
//! each sender joined); the unread count is a count of the partial `voicemails_unread_idx`.

use crate::notifications;
use sqlx::FromRow;

use crate::kernel::page::Page;
use crate::notifications::rules::notification::{NotificationKind, NotificationTargetType};
use crate::notifications::{Act, Notice};
use crate::platform::db::{Db, escape_like};

/// A voicemail with its sender, as the recipient sees it.
#[derive(Debug, Clone, FromRow)]
pub struct VoicemailView {
    pub id: i64,
    pub sender_id: i64,
    pub sender_username: String,
    pub sender_display_name: String,
    pub sender_profile_image: Option<String>,
    pub media_key: String,
    pub duration: i64,
    /// Its transcript (issue 47, `transcripts`): the text once made, and its state
    /// (`pending`, `done`, `failed`; null when none was queued).
    pub transcript: Option<String>,
    pub transcript_state: Option<String>,
    pub listened_at: Option<i64>,
    pub created_at: i64,
}

macro_rules! voicemail_view {
    () => {
        "SELECT v.id, v.sender_id, s.username AS sender_username,
                s.display_name AS sender_display_name,
                COALESCE(s.profile_image_small_url, s.profile_image_url) AS sender_profile_image,
                v.media_key, v.duration, t.text AS transcript, t.state AS transcript_state,
                v.listened_at, v.created_at
         FROM voicemails v
         JOIN users s ON s.id = v.sender_id
         LEFT JOIN transcripts t ON t.voicemail_id = v.id"
    };
}

pub struct NewVoicemail<'a> {
    pub sender_id: i64,
    pub recipient_id: i64,
    pub media_key: &'a str,
    pub duration: i64,
    pub created_at: i64,
}

/// Stores a voicemail with the notification it makes (issue 21), in one transaction; answers
/// it as its recipient sees it.
pub async fn insert(
    db: &Db,
    new: NewVoicemail<'_>,
) -> Result<(VoicemailView, Option<Notice>), sqlx::Error> {
    let mut tx = db.begin_write().await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO voicemails (recipient_id, sender_id, media_key, duration, created_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(new.recipient_id)
    .bind(new.sender_id)
    .bind(new.media_key)
    .bind(new.duration)
    .bind(new.created_at)
    .fetch_one(&mut *tx)
    .await?;
    let act = Act::new(
        new.recipient_id,
        new.sender_id,
        NotificationKind::Voicemail,
        NotificationTargetType::User,
        new.sender_id,
    );
    let notice = notifications::record(&mut tx, &act, new.created_at).await?;
    tx.commit().await?;
    let view = find(db, new.recipient_id, id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    Ok((view, notice))
}

/// One of `recipient`'s voicemails; `None` when it is not theirs (or does not exist).
pub async fn find(db: &Db, recipient: i64, id: i64) -> Result<Option<VoicemailView>, sqlx::Error> {
    sqlx::query_as(concat!(
        voicemail_view!(),
        " WHERE v.id = $1 AND v.recipient_id = $2"
    ))
    .bind(id)
    .bind(recipient)
    .fetch_optional(&db.pool)
    .await
}

/// A page of `recipient`'s voicemails, newest first; with `words`, only those whose
/// transcript has them (issue 47: a LIKE over the transcripts of one recipient's voicemails,
/// walked newest first along `voicemails_recipient_id_idx`).
pub async fn page(
    db: &Db,
    recipient: i64,
    page: Page,
    words: Option<&str>,
) -> Result<Vec<VoicemailView>, sqlx::Error> {
    match words {
        None => {
            sqlx::query_as(concat!(
                voicemail_view!(),
                " WHERE v.recipient_id = $1 AND v.id < $2 ORDER BY v.id DESC LIMIT $3"
            ))
            .bind(recipient)
            .bind(page.before)
            .bind(page.fetch_limit())
            .fetch_all(&db.pool)
            .await
        }
        Some(words) => {
            sqlx::query_as(concat!(
                voicemail_view!(),
                " WHERE v.recipient_id = $1 AND v.id < $2 AND t.state = 'done'
                    AND LOWER(t.text) LIKE $4 ESCAPE '\\'
                  ORDER BY v.id DESC LIMIT $3"
            ))
            .bind(recipient)
            .bind(page.before)
            .bind(page.fetch_limit())
            .bind(format!("%{}%", escape_like(&words.to_lowercase())))
            .fetch_all(&db.pool)
            .await
        }
    }
}

/// The recipient of voicemail `id`, if it is still there.
pub async fn recipient_of(db: &Db, id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT recipient_id FROM voicemails WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await
}

/// How many of `recipient`'s voicemails are unlistened.
pub async fn unread(db: &Db, recipient: i64) -> Result<i64, sqlx::Error> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT CAST(COUNT(*) AS BIGINT) FROM voicemails
         WHERE recipient_id = $1 AND listened_at IS NULL",
    )
    .bind(recipient)
    .fetch_one(&db.pool)
    .await?;
    Ok(count)
}

/// Marks one of `recipient`'s voicemails listened (the first time only); `false` when it is
/// not theirs.
pub async fn listen(db: &Db, recipient: i64, id: i64, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE voicemails SET listened_at = COALESCE(listened_at, $3)
         WHERE id = $1 AND recipient_id = $2",
    )
    .bind(id)
    .bind(recipient)
    .bind(now)
    .execute(&db.pool)
    .await?;
    Ok(done.rows_affected() > 0)
}
