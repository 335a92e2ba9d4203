//! Transcripts of voice (issue 47): each voice message, voicemail and voice reaction is
//! transcribed after it is stored, never on the request's path. The areas queue a job
//! (`queue`, when the speaker's 'Voice Auto-transcription' is on); this instance's drainer
//! claims due jobs one at a time (a lease, so N instances never do one twice), reads the audio
//! from the media store into a temporary file, has the supervised worker process transcribe
//! it (`worker.rs`: faster-whisper on CTranslate2 from PyPI, one job at a time on
//! `--transcribe-threads` threads, below the machine's cores) and stores the text; the area
//! the subject belongs to then tells those who can hear the audio (`Announce`). A job whose
//! audio cannot be transcribed fails for good (nothing is shown); one that failed on this
//! side (the worker died, the store did not answer) is tried again later, up to `TRIES`.

pub mod store;
pub mod transcriber;
pub mod worker;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use object_store::ObjectStoreExt;
use object_store::path::Path as StorePath;
use serde::Serialize;
pub use store::{Kind, Subject, Transcript, of};
pub use transcriber::Transcriber;
pub use worker::{Heard, WorkerConfig};

use crate::platform::state::AppState;

/// A claimed job is not taken by another instance for this long: past a model's load and a
/// job's limit (worker.rs), so only a dead instance's jobs are taken over.
const LEASE_MS: i64 = 10 * 60 * 1000;
/// Tries of a job failing on this side before it is given up (the audio stays the truth).
const TRIES: i64 = 5;
/// The wait before a job is tried again; doubled each try.
const RETRY_MS: i64 = 30_000;
/// The longest the drainer sleeps without a wake (jobs another instance queued).
const POLL: Duration = Duration::from_secs(30);

/// Tells those who can hear a subject's audio that its transcript is made (`Some`, "" for
/// silence) or will not be (`None`). The application fills it with the areas' own (app.rs).
pub trait Announce: Send + Sync + 'static {
    fn transcribed<'a>(
        &'a self,
        state: &'a AppState,
        subject: Subject,
        text: Option<&'a str>,
    ) -> Pin<Box<dyn Future<Output = anyhow::Result<()>> + Send + 'a>>;
}

/// The socket event of a transcript made, or given up (`transcript` null: stop showing
/// 'Transcribing…').
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(
    tag = "type",
    rename_all = "camelCase",
    rename_all_fields = "camelCase"
)]
pub enum TranscriptEvent {
    /// The transcript of a voice message of a conversation of yours, of a voicemail you sent
    /// or received, or of a voice reaction on your post or reel or of yours (issue 47).
    #[schema(rename_all = "camelCase")]
    Transcript {
        kind: TranscriptKind,
        /// The message's, voicemail's or voice reaction's id.
        id: i64,
        /// A message's conversation, else null.
        #[schema(required = true)]
        conversation_id: Option<i64>,
        #[schema(required = true)]
        transcript: Option<String>,
    },
}

#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum TranscriptKind {
    Message,
    Voicemail,
    VoiceReaction,
}

/// The drainer of this instance's `transcriber`: a pass at start (jobs a restart left), then
/// whenever woken, when a job is due again, or every `POLL`; until aborted.
pub async fn run(transcriber: Transcriber, state: AppState, announce: Arc<dyn Announce>) {
    let db = state.db.clone();
    let clock = state.clock.clone();
    crate::platform::outbox::drive(
        "transcripts",
        transcriber.wakes(),
        &clock,
        POLL,
        || drain(&transcriber, &state, announce.as_ref()),
        || store::next_due(&db),
    )
    .await;
}

/// Does every due job, one at a time, until none is due.
pub async fn drain(
    transcriber: &Transcriber,
    state: &AppState,
    announce: &dyn Announce,
) -> Result<(), sqlx::Error> {
    let db = &state.db;
    loop {
        let now = state.clock.now_ms();
        let Some(job) = store::claim(db, now, now + LEASE_MS).await? else {
            return Ok(());
        };
        let text = match work(transcriber, state, &job).await {
            Ok(Heard::Text(text)) => Some(text),
            Ok(Heard::Refused(error)) => {
                tracing::info!(job = job.id, error, "a recording could not be transcribed");
                None
            }
            Err(err) => {
                let attempts = job.attempts + 1;
                tracing::warn!(job = job.id, attempts, error = %err, "transcribing failed");
                if attempts < TRIES {
                    let wait = RETRY_MS << (attempts - 1).min(10);
                    store::retry(db, job.id, attempts, state.clock.now_ms() + wait).await?;
                    continue;
                }
                None
            }
        };
        // Gone meanwhile (its recording deleted, its speaker's switch off): nobody to tell.
        if !store::finish(db, job.id, text.as_deref()).await? {
            continue;
        }
        if let Err(err) = announce
            .transcribed(state, job.subject, text.as_deref())
            .await
        {
            tracing::warn!(job = job.id, error = %err, "a transcript was not announced");
        }
    }
}

async fn work(
    transcriber: &Transcriber,
    state: &AppState,
    job: &store::Job,
) -> anyhow::Result<Heard> {
    let location = StorePath::from(job.media_key.as_str());
    let bytes = match state.media.store().get(&location).await {
        Ok(found) => found.bytes().await?,
        Err(object_store::Error::NotFound { .. }) => {
            return Ok(Heard::Refused("the recording is gone".into()));
        }
        Err(err) => return Err(err.into()),
    };
    // The worker reads a file; the key's extension tells it the container.
    let extension = job.media_key.rsplit_once('.').map_or("", |(_, ext)| ext);
    let file = tempfile::Builder::new()
        .prefix("atelier-voice-")
        .suffix(&format!(".{extension}"))
        .tempfile()?;
    tokio::fs::write(file.path(), &bytes).await?;
    transcriber.transcribe(job.id, file.path()).await
}

/// Queues the transcript of `subject`, said by `speaker` in the recording `media_key`, when
/// this server transcribes and the speaker's 'Voice Auto-transcription' is on (`wanted`).
/// True when it was queued (the answer shows 'Transcribing…').
pub async fn queue(
    state: &AppState,
    subject: Subject,
    speaker: i64,
    media_key: &str,
    wanted: bool,
) -> Result<bool, sqlx::Error> {
    let Some(transcriber) = &state.transcriber else {
        return Ok(false);
    };
    if !wanted {
        return Ok(false);
    }
    store::queue(&state.db, subject, speaker, media_key, state.clock.now_ms()).await?;
    transcriber.wake();
    Ok(true)
}
