//! Profile fields: the bio and the skill matcher's skills. Messages are ours where the spec
//! has none (docs/decisions.md).

use crate::kernel::error::DomainError;

const BIO_MAX: usize = 500;

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

/// One of the skill matcher's five skills, by id; any other id is refused when
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
