//! The calls area's service beside signalling (calls/signalling.rs): a voicemail left, then told
//! to its recipient's sockets and announced as a notification.

use crate::calls::events::CallEvent;
use crate::calls::store::voicemails::{self, NewVoicemail};
use crate::calls::wire::Voicemail;
use crate::notifications;
use crate::platform::state::AppState;
use crate::platform::transcribe;

/// Stores a voicemail for its recipient, who hears of it at once.
pub async fn leave_voicemail(
    state: &AppState,
    new: NewVoicemail<'_>,
) -> Result<Voicemail, sqlx::Error> {
    let (recipient, speaker) = (new.recipient_id, new.sender_id);
    let media_key = new.media_key.to_owned();
    let wanted = state.transcriber.is_some()
        && crate::identity::settings_of(&state.db, speaker)
            .await?
            .voice_auto_transcription;
    let (row, notice) = voicemails::insert(&state.db, new).await?;
    let mut voicemail = Voicemail::from(row);
    // Queued only after the event, so the `transcript` event cannot come first.
    voicemail.transcribing = wanted;
    state.realtime.publish(
        &[recipient],
        &CallEvent::Voicemail {
            voicemail: Box::new(voicemail.clone()),
        },
    );
    notifications::announce(state, notice).await;
    let subject = transcribe::Subject::Voicemail(voicemail.id);
    transcribe::queue(state, subject, speaker, &media_key, wanted).await?;
    Ok(voicemail)
}

/// A voicemail's transcript is made (or given up, `None`): its recipient hears of it (issue
/// 47; its sender has no list of the voicemails they left).
pub async fn transcribed(state: &AppState, id: i64, text: Option<&str>) -> anyhow::Result<()> {
    let Some(recipient) = voicemails::recipient_of(&state.db, id).await? else {
        return Ok(());
    };
    state.realtime.publish(
        &[recipient],
        &transcribe::TranscriptEvent::Transcript {
            kind: transcribe::TranscriptKind::Voicemail,
            id,
            conversation_id: None,
            transcript: text.map(str::to_owned),
        },
    );
    Ok(())
}
