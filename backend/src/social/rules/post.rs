//! Post fields: caption, location, tags. Messages are the spec's
//! where it has one, otherwise ours (docs/decisions.md).

use crate::identity::rules::account::filled;
use crate::kernel::error::DomainError;

pub const CAPTION_MAX: usize = 2200;
const CAPTION_TOO_LONG: &str = "Caption must be under 2200 characters";
/// Spec wording for an unknown post id (shared by the post and comment routes).
pub const POST_NOT_FOUND: &str = "Post not found";
pub const CANNOT_DELETE_POST: &str = "You cannot delete this post";
pub const CANNOT_EDIT_POST: &str = "You can only edit your own posts";
pub const IMAGE_REQUIRED: &str = "Please select an image or enter a URL";
const LOCATION_MAX: usize = 100;
const TAGS_MAX: usize = 30;
const TAG_MAX: usize = 50;

/// At most 2200 characters, kept as typed (line breaks are part of a caption).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caption(String);

impl Caption {
    pub fn parse(raw: Option<&str>) -> Result<Self, DomainError> {
        let value = raw.unwrap_or_default().trim();
        if value.chars().count() > CAPTION_MAX {
            return Err(DomainError::invalid(CAPTION_TOO_LONG));
        }
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A post holds 1 to this many images (issue 44).
pub const MEDIA_MAX: usize = 10;
pub const TOO_MANY_IMAGES: &str = "A post can have at most 10 images";
pub const IMAGES_OR_URL: &str = "Send the images as media, or one imageUrl, not both";
const ALT_MAX: usize = 1500;

/// An image's alt text (issue 44): trimmed, at most 1500 characters; blank means none.
pub fn parse_alt(raw: Option<&str>) -> Result<String, DomainError> {
    let value = raw.unwrap_or_default().trim();
    if value.chars().count() > ALT_MAX {
        return Err(DomainError::invalid(format!(
            "Alt text must be at most {ALT_MAX} characters"
        )));
    }
    Ok(value.to_owned())
}

/// One image of a post or a draft as sent (issue 44): its source, trimmed and required, and its
/// alt text.
pub fn parse_image_item<'a>(
    image: Option<&'a str>,
    alt: Option<&str>,
) -> Result<(&'a str, String), DomainError> {
    let source = filled(image).ok_or_else(|| DomainError::invalid(IMAGE_REQUIRED))?;
    Ok((source, parse_alt(alt)?))
}

/// At most `MEDIA_MAX` images.
pub fn check_media_count(count: usize) -> Result<(), DomainError> {
    if count > MEDIA_MAX {
        return Err(DomainError::invalid(TOO_MANY_IMAGES));
    }
    Ok(())
}

/// A post is scheduled at least this far ahead (issue 44)…
const SCHEDULE_MIN_MS: i64 = 10 * 60 * 1000;
/// …and at most this far.
const SCHEDULE_MAX_MS: i64 = 90 * 24 * 60 * 60 * 1000;

/// When a scheduled post goes out: an RFC 3339 date-time (with its offset), 10 minutes to 90
/// days after `now`; answers epoch milliseconds.
pub fn parse_schedule(raw: &str, now: i64) -> Result<i64, DomainError> {
    let at = chrono::DateTime::parse_from_rfc3339(raw.trim())
        .map_err(|_| {
            DomainError::invalid("Give the time as an ISO 8601 date and time with its offset")
        })?
        .timestamp_millis();
    if at < now + SCHEDULE_MIN_MS {
        return Err(DomainError::invalid(
            "Schedule a post at least 10 minutes ahead",
        ));
    }
    if at > now + SCHEDULE_MAX_MS {
        return Err(DomainError::invalid(
            "Schedule a post at most 90 days ahead",
        ));
    }
    Ok(at)
}

/// Optional, trimmed, at most 100 characters; blank means none.
pub fn parse_location(raw: Option<&str>) -> Result<Option<String>, DomainError> {
    let Some(value) = raw.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if value.chars().count() > LOCATION_MAX {
        return Err(DomainError::invalid(format!(
            "Location must be at most {LOCATION_MAX} characters"
        )));
    }
    Ok(Some(value.to_owned()))
}

/// Tags trimmed, a leading `#` dropped, blank ones dropped; at most 30 of at most
/// 50 characters each; duplicates (case-insensitively) kept once.
pub fn parse_tags(raw: Option<&[String]>) -> Result<Vec<String>, DomainError> {
    let mut tags: Vec<String> = Vec::new();
    for tag in raw.unwrap_or_default() {
        let tag = tag.trim().trim_start_matches('#').trim();
        if tag.is_empty() {
            continue;
        }
        if tag.chars().count() > TAG_MAX {
            return Err(DomainError::invalid(format!(
                "Each tag must be at most {TAG_MAX} characters"
            )));
        }
        if !tags.iter().any(|t| t.eq_ignore_ascii_case(tag)) {
            tags.push(tag.to_owned());
        }
    }
    if tags.len() > TAGS_MAX {
        return Err(DomainError::invalid(format!(
            "A post can have at most {TAGS_MAX} tags"
        )));
    }
    Ok(tags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alt_text_is_trimmed_and_at_most_1500_characters() {
        assert_eq!(
            parse_alt(Some("  A harbour at dawn ")).unwrap(),
            "A harbour at dawn"
        );
        assert_eq!(parse_alt(None).unwrap(), "");
        assert!(parse_alt(Some(&"é".repeat(1500))).is_ok());
        assert!(parse_alt(Some(&"é".repeat(1501))).is_err());
    }

    #[test]
    fn a_schedule_is_ten_minutes_to_ninety_days_ahead() {
        let now = chrono::DateTime::parse_from_rfc3339("2026-05-01T12:00:00Z")
            .unwrap()
            .timestamp_millis();
        assert_eq!(
            parse_schedule("2026-05-01T14:10:00+02:00", now).unwrap(),
            now + 10 * 60 * 1000
        );
        assert!(parse_schedule("2026-05-01T12:09:59Z", now).is_err());
        assert!(parse_schedule("2026-07-30T12:00:00Z", now).is_ok());
        assert!(parse_schedule("2026-07-30T12:00:01Z", now).is_err());
        assert!(parse_schedule("2026-05-02 12:00", now).is_err());
    }

    #[test]
    fn captions_up_to_2200_characters_pass() {
        assert!(Caption::parse(Some(&"é".repeat(2200))).is_ok());
        assert_eq!(
            Caption::parse(Some(&"x".repeat(2201)))
                .unwrap_err()
                .to_string(),
            CAPTION_TOO_LONG
        );
        assert_eq!(Caption::parse(None).unwrap().as_str(), "");
    }

    #[test]
    fn tags_are_trimmed_and_blank_ones_dropped() {
        let raw: Vec<String> = [" art ", "", "  ", "#Design", "ART"]
            .map(String::from)
            .to_vec();
        assert_eq!(parse_tags(Some(&raw)).unwrap(), ["art", "Design"]);
        assert!(parse_tags(Some(&["x".repeat(51)])).is_err());
    }
}
