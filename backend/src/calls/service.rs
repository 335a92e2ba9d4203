//! The calls area's service beside signalling (calls/signalling.rs): a voicemail left, then told
//! to its recipient's sockets and announced as a notification.

use crate::calls::events::CallEvent;
use crate::calls::store::voicemails::{self, NewVoicemail};
use crate::calls::wire::Voicemail;
use crate::notifications;
use crate::platform::state::AppState;

/// Stores a voicemail for its recipient, who hears of it at once.
pub async fn leave_voicemail(
    state: &AppState,
    new: NewVoicemail<'_>,
) -> Result<Voicemail, sqlx::Error> {
    let recipient = new.recipient_id;
    let (row, notice) = voicemails::insert(&state.db, new).await?;
    let voicemail = Voicemail::from(row);
    state.realtime.publish(
        &[recipient],
        &CallEvent::Voicemail {
            voicemail: Box::new(voicemail.clone()),
        },
    );
    notifications::announce(state, notice).await;
    Ok(voicemail)
}
