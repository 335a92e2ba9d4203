//! Story fields: the kind of story and its optional caption. The spec gives stories no caption
//! limit; they take the posts' 2200 characters (docs/decisions.md).

use crate::kernel::error::DomainError;

/// Stories last 24 hours (86,400,000 ms) from their creation by the server clock.
pub const STORY_LIFETIME_MS: i64 = 86_400_000;
pub const STORY_NOT_FOUND: &str = "Story not found";
pub const CANNOT_DELETE_STORY: &str = "You cannot delete this story";
/// A story's viewers are its author's to see.
pub const VIEWERS_AUTHOR_ONLY: &str = "Only the story's author can see its viewers";
const STORY_CAPTION_MAX: usize = 2200;
const STORY_CAPTION_TOO_LONG: &str = "Caption must be under 2200 characters";

/// What a story shows: an image (the default), or a video given by URL.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    serde::Deserialize,
    serde::Serialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum StoryKind {
    #[default]
    Image,
    Video,
}

impl StoryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Image => "image",
            Self::Video => "video",
        }
    }

    /// The stored text back to the kind; anything unknown reads as an image.
    pub fn from_stored(text: &str) -> Self {
        if text == "video" {
            Self::Video
        } else {
            Self::Image
        }
    }
}

/// An optional caption: trimmed, blank means none, at most 2200 characters.
pub fn parse_story_caption(raw: Option<&str>) -> Result<Option<String>, DomainError> {
    let Some(value) = raw.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if value.chars().count() > STORY_CAPTION_MAX {
        return Err(DomainError::invalid(STORY_CAPTION_TOO_LONG));
    }
    Ok(Some(value.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blank_caption_is_none_and_a_long_one_is_refused() {
        assert_eq!(parse_story_caption(Some("  ")).unwrap(), None);
        assert_eq!(parse_story_caption(None).unwrap(), None);
        assert_eq!(
            parse_story_caption(Some(" hi ")).unwrap().as_deref(),
            Some("hi")
        );
        assert!(parse_story_caption(Some(&"x".repeat(2201))).is_err());
        assert!(parse_story_caption(Some(&"é".repeat(2200))).is_ok());
    }

    #[test]
    fn kinds_read_back_from_their_stored_text() {
        for kind in [StoryKind::Image, StoryKind::Video] {
            assert_eq!(StoryKind::from_stored(kind.as_str()), kind);
        }
    }
}
