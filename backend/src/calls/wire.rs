//! A voicemail as its recipient sees it.

use serde::Serialize;
use utoipa::ToSchema;

use crate::calls::store::voicemails::VoicemailView;
use crate::kernel::user::UserCard;
use crate::platform::http::wire::iso_time;
use crate::platform::media::url_of;

/// A voicemail as its recipient sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Voicemail {
    pub id: i64,
    pub from_user: UserCard,
    /// Whole seconds, 1–30.
    pub duration: i64,
    /// Played by the recipient at least once.
    pub is_listened: bool,
    /// What it says, once the server has transcribed it (issue 47; "" for silence); null
    /// while it is being made, when it could not be, and when its sender has
    /// 'Voice Auto-transcription' off.
    #[schema(required = true)]
    pub transcript: Option<String>,
    /// Being transcribed: the client shows 'Transcribing…' until the `transcript` event.
    pub transcribing: bool,
    /// `/media/{key}`
    pub voice_url: String,
    /// ISO-8601 UTC.
    pub created_at: String,
}

impl From<VoicemailView> for Voicemail {
    fn from(row: VoicemailView) -> Self {
        Self {
            id: row.id,
            from_user: UserCard {
                id: row.sender_id,
                username: row.sender_username,
                display_name: row.sender_display_name,
                profile_image_url: row.sender_profile_image,
            },
            duration: row.duration,
            is_listened: row.listened_at.is_some(),
            transcribing: row.transcript_state.as_deref() == Some("pending"),
            transcript: row
                .transcript
                .filter(|_| row.transcript_state.as_deref() == Some("done")),
            voice_url: url_of(&row.media_key),
            created_at: iso_time(row.created_at),
        }
    }
}
