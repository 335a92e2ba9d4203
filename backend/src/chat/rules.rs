//! Chat input: message text and reaction emoji (docs/decisions.md for the limits the spec
//! leaves open).

use crate::kernel::stored_names;
use serde::Serialize;
use utoipa::ToSchema;

use crate::kernel::error::DomainError;

/// A message's text: trimmed, 1 to 4,000 characters.
pub const MESSAGE_MAX: usize = 4000;
/// A conversation that does not exist or that the session user is not in (the same answer:
/// outsiders learn nothing). Sending a message and sharing into a conversation both say it.
pub const CONVERSATION_NOT_FOUND: &str = "Conversation not found";
/// A message that is not there (or not in a conversation of yours).
pub const MESSAGE_NOT_FOUND: &str = "Message not found";
/// Sending into a conversation with someone blocked either way (issue 20).
pub const CANNOT_MESSAGE: &str = "You can't message this account";
/// Changing someone else's message (issue 43).
pub const NOT_YOUR_MESSAGE: &str = "You can only change your own messages";
/// Accepting or deleting a conversation that is not a message request (issue 43).
pub const NOT_A_REQUEST: &str = "This conversation is not a message request";
/// Editing past the 15 minutes (issue 43).
pub const EDIT_TOO_LATE: &str = "Messages can only be edited within 15 minutes of sending";
const MESSAGE_EMPTY: &str = "Message cannot be empty";
/// A reaction: at most 16 characters (an emoji with skin tone and joiners fits).
const EMOJI_MAX: usize = 16;
const NOT_AN_EMOJI: &str = "Reaction must be an emoji";

/// A group's people, its owner included (issue 22).
pub const GROUP_MEMBERS_MAX: usize = 32;
/// A group's name: trimmed, 1 to 60 characters.
pub const GROUP_NAME_MAX: usize = 60;
/// Adding someone who blocked you, or whom you blocked, to a group.
pub const CANNOT_ADD: &str = "You can't add this account";
/// Adding, removing: the owner's to do.
pub const OWNER_ONLY: &str = "Only the group owner can do that";

/// A group's name.
pub fn parse_group_name(raw: &str) -> Result<String, DomainError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(DomainError::invalid("Group name cannot be empty"));
    }
    if name.chars().count() > GROUP_NAME_MAX {
        return Err(DomainError::invalid(format!(
            "Group name must be at most {GROUP_NAME_MAX} characters"
        )));
    }
    Ok(name.to_owned())
}

/// What a group's system line says happened; the client writes the line ('Maya added Leo').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SystemKind {
    /// The sender made the group; the line's content is its name.
    Created,
    /// The sender added `user`.
    Added,
    /// The sender (the owner) removed `user`.
    Removed,
    /// The sender left.
    Left,
    /// The sender renamed the group; the content is the new name.
    Renamed,
    /// The sender changed the group's picture.
    Avatar,
    /// `user` became the owner (the owner left).
    Owner,
}

stored_names!(SystemKind {
    Created => "created",
    Added => "added",
    Removed => "removed",
    Left => "left",
    Renamed => "renamed",
    Avatar => "avatar",
    Owner => "owner",
});

/// The text of a new message.
pub fn parse_message(raw: Option<&str>) -> Result<String, DomainError> {
    let text = raw.unwrap_or_default().trim();
    if text.is_empty() {
        return Err(DomainError::invalid(MESSAGE_EMPTY));
    }
    parse_caption(Some(text))
}

/// A voice message's optional caption: trimmed, at most 4,000 characters, empty when absent.
pub fn parse_caption(raw: Option<&str>) -> Result<String, DomainError> {
    let text = raw.unwrap_or_default().trim();
    if text.chars().count() > MESSAGE_MAX {
        return Err(DomainError::invalid(format!(
            "Message must be at most {MESSAGE_MAX} characters"
        )));
    }
    Ok(text.to_owned())
}

/// A reaction: exactly one emoji (issue 43: any the picker offers), as Unicode's emoji
/// sequences (UTS #51) spell one: a flag, a keycap, a tag sequence (England's flag), or one or
/// more emoji joined by ZWJ, each with its optional presentation selector or skin tone.
pub fn parse_emoji(raw: &str) -> Result<&str, DomainError> {
    let emoji = raw.trim();
    if emoji.chars().count() <= EMOJI_MAX && is_one_emoji(emoji) {
        Ok(emoji)
    } else {
        Err(DomainError::invalid(NOT_AN_EMOJI))
    }
}

fn is_one_emoji(text: &str) -> bool {
    use unicode_properties::emoji::{is_regional_indicator, is_tag_character};
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        [] => false,
        // A flag: two regional indicators.
        [a, b] if is_regional_indicator(*a) && is_regional_indicator(*b) => true,
        // A keycap: 0-9, # or *, perhaps the emoji selector, then the enclosing keycap.
        [key, '\u{FE0F}', '\u{20E3}'] | [key, '\u{20E3}'] => {
            key.is_ascii_digit() || matches!(key, '#' | '*')
        }
        // A tag sequence: a black flag, tags, the cancel tag.
        ['\u{1F3F4}', tags @ .., '\u{E007F}'] if !tags.is_empty() => tags
            .iter()
            .all(|&c| is_tag_character(c) && c != '\u{E007F}'),
        _ => text.split('\u{200D}').all(is_emoji_element),
    }
}

/// One emoji of a ZWJ sequence: an emoji character (no ASCII: digits, # and * are emoji only
/// in a keycap), then nothing, the emoji selector, or a skin tone.
fn is_emoji_element(element: &str) -> bool {
    use unicode_properties::emoji::{UnicodeEmoji, is_regional_indicator};
    let mut chars = element.chars();
    let Some(base) = chars.next() else {
        return false;
    };
    let emoji = base.is_emoji_char() && !base.is_ascii() && !is_regional_indicator(base);
    let skin_tone = |c: char| matches!(c, '\u{1F3FB}'..='\u{1F3FF}');
    let rest: Vec<char> = chars.collect();
    emoji
        && match rest.as_slice() {
            [] | ['\u{FE0F}'] => true,
            [tone] | [tone, '\u{FE0F}'] => skin_tone(*tone),
            _ => false,
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_names_are_trimmed_and_bounded() {
        assert_eq!(parse_group_name("  Trip  ").unwrap(), "Trip");
        assert!(parse_group_name(" ").is_err());
        assert!(parse_group_name(&"é".repeat(60)).is_ok());
        assert_eq!(
            parse_group_name(&"x".repeat(61)).unwrap_err().to_string(),
            "Group name must be at most 60 characters"
        );
    }

    #[test]
    fn messages_are_trimmed_and_bounded() {
        assert_eq!(parse_message(Some("  hi \n")).unwrap(), "hi");
        assert!(parse_message(Some(" \n ")).is_err());
        assert!(parse_message(None).is_err());
        assert!(parse_message(Some(&"é".repeat(4000))).is_ok());
        assert_eq!(
            parse_message(Some(&"x".repeat(4001)))
                .unwrap_err()
                .to_string(),
            "Message must be at most 4000 characters"
        );
    }

    #[test]
    fn captions_may_be_empty_but_not_too_long() {
        assert_eq!(parse_caption(None).unwrap(), "");
        assert_eq!(parse_caption(Some("  hey ")).unwrap(), "hey");
        assert!(parse_caption(Some(&"x".repeat(4001))).is_err());
    }

    #[test]
    fn reactions_are_one_emoji() {
        for ok in [
            "❤️",
            "❤",
            "👍",
            "👍🏽",
            "👩‍💻",
            "🦀",
            "😂",
            "🇫🇷",
            "#️⃣",
            "7⃣",
            "👨‍👩‍👧‍👦",
            "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
            "🧑🏽‍🚀",
            "☺️",
        ] {
            assert_eq!(parse_emoji(ok).unwrap(), ok);
        }
        assert_eq!(parse_emoji(" 🎉 ").unwrap(), "🎉");
        for bad in [
            "",
            " ",
            "lol",
            "❤️ 👍 x",
            "\u{7}",
            "a",
            "7",
            "#",
            "é",
            "中",
            "!!",
            "❤️👍",
            "😂😂",
            "\u{200D}",
            "👍\u{200D}",
            "🇫",
            "\u{FE0F}",
            "👍a",
            "🏴\u{E007F}",
        ] {
            assert!(parse_emoji(bad).is_err(), "{bad:?}");
        }
    }
}
