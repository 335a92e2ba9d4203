//! Post and profile fields: caption, location, tags, bio, skills. Messages are the spec's
//! where it has one (spec 000 §5), otherwise ours (docs/decisions.md).

use crate::kernel::error::DomainError;

/// Spec 000 §9.
const CAPTION_MAX: usize = 2200;
const CAPTION_TOO_LONG: &str = "Caption must be under 2200 characters";
/// Spec wording for an unknown post id (shared by the post and comment routes).
pub const POST_NOT_FOUND: &str = "Post not found";
pub const IMAGE_REQUIRED: &str = "Please select an image or enter a URL";
const LOCATION_MAX: usize = 100;
const TAGS_MAX: usize = 30;
const TAG_MAX: usize = 50;
const BIO_MAX: usize = 500;

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

/// Tags trimmed, a leading `#` dropped, blank ones dropped (DESIGN §3); at most 30 of at most
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

/// Optional profile text, at most 500 characters; blank clears it.
pub fn parse_bio(raw: &str) -> Result<Option<String>, DomainError> {
    let value = raw.trim();
    if value.chars().count() > BIO_MAX {
        return Err(DomainError::invalid(format!(
            "Bio must be at most {BIO_MAX} characters"
        )));
    }
    Ok((!value.is_empty()).then(|| value.to_owned()))
}

/// One of the skill matcher's five skills (spec 000 §2), by id; any other id is refused when
/// the body is parsed.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Skill {
    Design,
    Code,
    Music,
    Photo,
    Motion,
}

impl Skill {
    pub fn id(self) -> &'static str {
        match self {
            Self::Design => "design",
            Self::Code => "code",
            Self::Music => "music",
            Self::Photo => "photo",
            Self::Motion => "motion",
        }
    }

    /// Every skill, in the matcher's order.
    pub const ALL: [Skill; 5] = [
        Self::Design,
        Self::Code,
        Self::Music,
        Self::Photo,
        Self::Motion,
    ];

    /// The skill's bit in `users.skill_mask` (design 1, code 2, music 4, photo 8, motion 16).
    pub fn bit(self) -> i64 {
        1 << (self as u32)
    }
}

/// The `users.skill_mask` of skills as stored (a JSON array of ids); unknown ids count nothing.
pub fn skill_mask(skills_json: &str) -> i64 {
    serde_json::from_str::<Vec<serde_json::Value>>(skills_json)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|id| serde_json::from_value::<Skill>(id).ok())
        .fold(0, |mask, skill| mask | skill.bit())
}

/// Skills as stored: a JSON array of ids in the matcher's order, each once.
pub fn skills_json(skills: &[Skill]) -> String {
    let mut skills = skills.to_vec();
    skills.sort();
    skills.dedup();
    serde_json::Value::from(skills.iter().map(|s| s.id()).collect::<Vec<_>>()).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_skill_mask_has_one_bit_per_skill() {
        assert_eq!(skill_mask(r#"["design","motion"]"#), 1 | 16);
        assert_eq!(skill_mask("[]"), 0);
        assert_eq!(skill_mask(r#"["code","music","photo"]"#), 2 | 4 | 8);
    }

    #[test]
    fn skills_are_stored_in_the_matchers_order_each_once() {
        let skills: Vec<Skill> = serde_json::from_str(r#"["motion", "design", "motion"]"#).unwrap();
        assert_eq!(skills_json(&skills), r#"["design","motion"]"#);
        assert!(serde_json::from_str::<Vec<Skill>>(r#"["cooking"]"#).is_err());
    }
}
