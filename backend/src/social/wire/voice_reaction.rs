//! A voice reaction as its listeners hear it, and an item's page of them (issue 43).

use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::user::UserCard;
use crate::platform::http::wire::iso_time;
use crate::platform::media::url_of;
use crate::social::rules::voice_reaction::Emotion;
use crate::social::store::voice_reactions::VoiceReactionView;

/// A voice reaction to a post or a reel (exactly one of `postId`, `reelId` is set).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoiceReaction {
    pub id: i64,
    #[schema(required = true)]
    pub post_id: Option<i64>,
    #[schema(required = true)]
    pub reel_id: Option<i64>,
    pub emotion: Emotion,
    /// Whole seconds, 1–60, measured from the recording when its container keeps time.
    pub duration: i64,
    /// `/media/{key}` of the recording, as it was sent.
    pub audio_url: String,
    /// The sender.
    pub user: UserCard,
    /// ISO-8601 UTC.
    pub created_at: String,
    /// What it says, once the server has transcribed it (issue 47; "" for silence); null
    /// while it is being made, when it could not be, and when its sender has
    /// 'Voice Auto-transcription' off.
    #[schema(required = true)]
    pub transcript: Option<String>,
    /// Being transcribed: the client shows 'Transcribing…' until the `transcript` event.
    pub transcribing: bool,
}

impl From<VoiceReactionView> for VoiceReaction {
    fn from(row: VoiceReactionView) -> Self {
        Self {
            id: row.id,
            post_id: row.post_id,
            reel_id: row.reel_id,
            // The column's CHECK keeps it one of the four.
            emotion: Emotion::from_stored(&row.emotion).unwrap_or(Emotion::Love),
            duration: row.duration,
            audio_url: url_of(&row.media_key),
            user: UserCard {
                id: row.user_id,
                username: row.username,
                display_name: row.display_name,
                profile_image_url: row.profile_image,
            },
            created_at: iso_time(row.created_at),
            transcript: None,
            transcribing: false,
        }
    }
}

/// How many voice reactions an item has of each emotion.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmotionCounts {
    pub love: i64,
    pub excited: i64,
    pub inspired: i64,
    pub impressed: i64,
}

impl EmotionCounts {
    pub fn from_rows(rows: &[(String, i64)]) -> Self {
        let mut counts = Self::default();
        for (emotion, n) in rows {
            match Emotion::from_stored(emotion) {
                Some(Emotion::Love) => counts.love += n,
                Some(Emotion::Excited) => counts.excited += n,
                Some(Emotion::Inspired) => counts.inspired += n,
                Some(Emotion::Impressed) => counts.impressed += n,
                None => {}
            }
        }
        counts
    }
}

/// A page of the voice reactions the viewer may hear, with every reaction's count.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoiceReactionPage {
    /// Newest first: all of them for the item's author and for each sender their own; of
    /// others only those whose sender turned 'Voice Reactions Privacy' off.
    pub items: Vec<VoiceReaction>,
    /// Every voice reaction on the item by emotion, heard by the viewer or not (senders who
    /// are blocked either way or deactivated aside).
    pub counts: EmotionCounts,
    /// The sum of `counts`.
    pub total: i64,
}
