//! The `transcripts` table (migration 0060): a row is the job while pending, then the
//! transcript. The areas read theirs through `of` (a page's worth at once) or join the table
//! in their own search.

use std::collections::HashMap;

use crate::platform::db::{Db, Tx, placeholders};

/// What a transcript is of: a voice message, a voicemail or a voice reaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Subject {
    Message(i64),
    Voicemail(i64),
    VoiceReaction(i64),
}

/// The kind of a subject, naming its column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Message,
    Voicemail,
    VoiceReaction,
}

impl Kind {
    fn column(self) -> &'static str {
        match self {
            Kind::Message => "message_id",
            Kind::Voicemail => "voicemail_id",
            Kind::VoiceReaction => "voice_reaction_id",
        }
    }
}

impl Subject {
    pub fn kind(self) -> Kind {
        match self {
            Subject::Message(_) => Kind::Message,
            Subject::Voicemail(_) => Kind::Voicemail,
            Subject::VoiceReaction(_) => Kind::VoiceReaction,
        }
    }

    pub fn id(self) -> i64 {
        match self {
            Subject::Message(id) | Subject::Voicemail(id) | Subject::VoiceReaction(id) => id,
        }
    }
}

/// A transcript as the areas show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Transcript {
    /// Being made: the client shows 'Transcribing…'.
    Pending,
    /// What was said ("" for silence).
    Done(String),
    /// It could not be made: nothing is shown (the audio stays the truth).
    Failed,
}

impl Transcript {
    fn of(state: &str, text: Option<String>) -> Self {
        match (state, text) {
            ("pending", _) => Transcript::Pending,
            ("done", Some(text)) => Transcript::Done(text),
            _ => Transcript::Failed,
        }
    }

    /// The text to show, if any.
    pub fn text(&self) -> Option<&str> {
        match self {
            Transcript::Done(text) => Some(text),
            _ => None,
        }
    }

    pub fn pending(&self) -> bool {
        matches!(self, Transcript::Pending)
    }
}

/// Queues the transcript of `subject` (audio `media_key`, said by `speaker`), due now.
pub async fn queue(
    db: &Db,
    subject: Subject,
    speaker: i64,
    media_key: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    let sql = format!(
        "INSERT INTO transcripts ({}, speaker_id, media_key, state, next_attempt_at, created_at)
         VALUES ($1, $2, $3, 'pending', $4, $4)",
        subject.kind().column()
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(subject.id())
        .bind(speaker)
        .bind(media_key)
        .bind(now)
        .execute(&db.pool)
        .await
        .map(|_| ())
}

/// The transcripts of some subjects of one kind (a page's worth), by subject id.
pub async fn of(db: &Db, kind: Kind, ids: &[i64]) -> Result<HashMap<i64, Transcript>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let column = kind.column();
    let sql = format!(
        "SELECT {column}, state, text FROM transcripts WHERE {column} IN ({})",
        placeholders(1, ids.len())
    );
    let mut query = sqlx::query_as::<_, (i64, String, Option<String>)>(sqlx::AssertSqlSafe(sql));
    for id in ids {
        query = query.bind(*id);
    }
    Ok(query
        .fetch_all(&db.pool)
        .await?
        .into_iter()
        .map(|(id, state, text)| (id, Transcript::of(&state, text)))
        .collect())
}

/// Deletes the transcript of `subject` (its audio is gone, the row stays: an unsent message).
pub async fn forget(db: &Db, subject: Subject) -> Result<(), sqlx::Error> {
    let sql = format!(
        "DELETE FROM transcripts WHERE {} = $1",
        subject.kind().column()
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(subject.id())
        .execute(&db.pool)
        .await
        .map(|_| ())
}

/// Deletes every transcript of `speaker`'s voice, made or waiting ('Voice Auto-transcription'
/// turned off).
pub async fn forget_speaker(tx: &mut Tx, speaker: i64) -> Result<u64, sqlx::Error> {
    sqlx::query("DELETE FROM transcripts WHERE speaker_id = $1")
        .bind(speaker)
        .execute(&mut **tx)
        .await
        .map(|done| done.rows_affected())
}

/// A job claimed for this instance's worker.
#[derive(Debug, Clone)]
pub struct Job {
    pub id: i64,
    pub subject: Subject,
    pub media_key: String,
    pub attempts: i64,
}

type JobRow = (i64, Option<i64>, Option<i64>, Option<i64>, String, i64);

/// Claims the oldest due job until `lease_until` (another instance takes it only after).
pub async fn claim(db: &Db, now: i64, lease_until: i64) -> Result<Option<Job>, sqlx::Error> {
    let row: Option<JobRow> = sqlx::query_as(
        "UPDATE transcripts SET next_attempt_at = $2
         WHERE state = 'pending' AND next_attempt_at <= $1 AND id =
             (SELECT id FROM transcripts WHERE state = 'pending' AND next_attempt_at <= $1
              ORDER BY next_attempt_at, id LIMIT 1)
         RETURNING id, message_id, voicemail_id, voice_reaction_id, media_key, attempts",
    )
    .bind(now)
    .bind(lease_until)
    .fetch_optional(&db.pool)
    .await?;
    Ok(
        row.and_then(|(id, message, voicemail, reaction, media_key, attempts)| {
            let subject = match (message, voicemail, reaction) {
                (Some(id), _, _) => Subject::Message(id),
                (_, Some(id), _) => Subject::Voicemail(id),
                (_, _, Some(id)) => Subject::VoiceReaction(id),
                _ => return None,
            };
            Some(Job {
                id,
                subject,
                media_key,
                attempts,
            })
        }),
    )
}

/// The job's transcript is made (`Some`), or it never will be (`None`). False when the row
/// went meanwhile (its audio deleted, its speaker's switch turned off).
pub async fn finish(db: &Db, id: i64, text: Option<&str>) -> Result<bool, sqlx::Error> {
    let state = if text.is_some() { "done" } else { "failed" };
    sqlx::query("UPDATE transcripts SET state = $2, text = $3 WHERE id = $1 AND state = 'pending'")
        .bind(id)
        .bind(state)
        .bind(text)
        .execute(&db.pool)
        .await
        .map(|done| done.rows_affected() == 1)
}

/// The job failed on this instance's side (the worker, the media store): due again at `at`.
pub async fn retry(db: &Db, id: i64, attempts: i64, at: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE transcripts SET attempts = $2, next_attempt_at = $3 WHERE id = $1")
        .bind(id)
        .bind(attempts)
        .bind(at)
        .execute(&db.pool)
        .await
        .map(|_| ())
}

/// When the next pending job is due.
pub async fn next_due(db: &Db) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT MIN(next_attempt_at) FROM transcripts WHERE state = 'pending'")
        .fetch_one(&db.pool)
        .await
}
