//! Voice reactions (issue 43, docs/community-contract.md "Voice reactions"): the four emotions
//! of the panel, and the messages the voice reaction routes answer. The recording's own rules
//! (formats, 1–60 s measured from the bytes) are `platform::media::AudioKind::VoiceReaction`'s.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::kernel::error::DomainError;
use crate::kernel::stored_names;

pub const VOICE_REACTION_NOT_FOUND: &str = "Voice reaction not found";
pub const CANNOT_DELETE_VOICE_REACTION: &str = "You cannot delete this voice reaction";
/// A form or body without an emotion, or one the panel does not offer.
pub const EMOTION_REQUIRED: &str = "Choose an emotion: love, excited, inspired or impressed";

/// How the post or reel made its sender feel; the panel's choice, made before recording.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Emotion {
    /// 'Love it!'
    Love,
    /// 'Excited!'
    Excited,
    /// 'Inspired!'
    Inspired,
    /// 'Impressed!'
    Impressed,
}

stored_names!(Emotion {
    Love => "love",
    Excited => "excited",
    Inspired => "inspired",
    Impressed => "impressed",
});

impl Emotion {
    /// A form field's text: one of the four names, else 400.
    pub fn parse(raw: Option<&str>) -> Result<Self, DomainError> {
        raw.map(str::trim)
            .and_then(Self::from_stored)
            .ok_or_else(|| DomainError::invalid(EMOTION_REQUIRED))
    }

    /// The panel's words for it, quoted by the author's notification.
    pub fn label(self) -> &'static str {
        match self {
            Self::Love => "Love it!",
            Self::Excited => "Excited!",
            Self::Inspired => "Inspired!",
            Self::Impressed => "Impressed!",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_four_emotions_read_back_and_anything_else_is_refused() {
        for emotion in Emotion::ALL {
            assert_eq!(Emotion::parse(Some(emotion.as_str())), Ok(*emotion));
        }
        assert_eq!(Emotion::Inspired.label(), "Inspired!");
        assert!(Emotion::parse(Some("angry")).is_err());
        assert!(Emotion::parse(None).is_err());
    }
}
