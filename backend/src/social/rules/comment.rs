//! Comments (issue 19, docs/community-contract.md): the content rule, `@mention` extraction
//! (also used on captions), and the messages the comment routes answer.

use crate::identity::rules::account::Username;
use crate::kernel::error::DomainError;

/// As a caption counts: characters, not bytes.
pub const COMMENT_MAX: usize = 2200;
pub const COMMENT_EMPTY: &str = "Comment cannot be empty";
pub const COMMENT_TOO_LONG: &str = "Comment must be under 2200 characters";
pub const COMMENT_NOT_FOUND: &str = "Comment not found";
/// A reply's `parentId` names no comment (never one, or deleted meanwhile): 400, since the
/// post or reel of the path exists and only the body is wrong.
pub const REPLY_PARENT_GONE: &str = "The comment you are replying to no longer exists";
pub const REPLY_ELSEWHERE: &str = "Reply must be to a comment on the same post";
/// The same rule's words on a reel.
pub const REPLY_ELSEWHERE_REEL: &str = "Reply must be to a comment on the same reel";
pub const CANNOT_DELETE_COMMENT: &str = "You cannot delete this comment";
/// The distinct names of one text that become mentions; any further ones stay text (the cap
/// Instagram puts on a caption's mentions), so one request does a bounded number of lookups.
pub const MENTIONS_MAX: usize = 20;

/// A comment's text: trimmed, 1–2200 characters, stored trimmed. Control characters were
/// refused already by the `Json` extractor (the clean-text rule).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommentContent(String);

impl CommentContent {
    pub fn parse(raw: Option<&str>) -> Result<Self, DomainError> {
        let value = raw.unwrap_or_default().trim();
        if value.is_empty() {
            return Err(DomainError::invalid(COMMENT_EMPTY));
        }
        if value.chars().count() > COMMENT_MAX {
            return Err(DomainError::invalid(COMMENT_TOO_LONG));
        }
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

fn is_username_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.'
}

/// The usernames a text mentions, in order of first appearance, each once (case-insensitively),
/// at most `MENTIONS_MAX`. A mention is `@` followed by a run of username characters, where the
/// `@` does not follow a username character (so `maya@example.com` mentions nobody); dots that
/// end the run are punctuation (`Thanks @maya.` names maya). A run that is not a valid username
/// (under 3 or over 30 characters) mentions nobody. Whether the account exists is the
/// database's question (social/store/mentions.rs).
pub fn mentioned_usernames(text: &str) -> Vec<Username> {
    let mut found: Vec<Username> = Vec::new();
    let mut previous: Option<char> = None;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let starts_mention = c == '@' && !previous.is_some_and(is_username_char);
        previous = Some(c);
        if !starts_mention {
            continue;
        }
        let start = at + 1;
        let mut end = start;
        while let Some(&(i, next)) = chars.peek() {
            if !is_username_char(next) {
                break;
            }
            end = i + next.len_utf8();
            previous = Some(next);
            chars.next();
        }
        let name = text[start..end].trim_end_matches('.');
        let Ok(username) = Username::parse(name) else {
            continue;
        };
        if !found
            .iter()
            .any(|u| u.as_str().eq_ignore_ascii_case(username.as_str()))
        {
            found.push(username);
            if found.len() == MENTIONS_MAX {
                break;
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        mentioned_usernames(text)
            .into_iter()
            .map(|u| u.as_str().to_owned())
            .collect()
    }

    #[test]
    fn content_is_trimmed_and_must_be_one_to_2200_characters() {
        assert_eq!(
            CommentContent::parse(Some("  nice work \n"))
                .unwrap()
                .as_str(),
            "nice work"
        );
        for blank in [None, Some(""), Some("   \n\t ")] {
            assert_eq!(
                CommentContent::parse(blank).unwrap_err().to_string(),
                COMMENT_EMPTY
            );
        }
        assert!(CommentContent::parse(Some(&"é".repeat(2200))).is_ok());
        assert_eq!(
            CommentContent::parse(Some(&"x".repeat(2201)))
                .unwrap_err()
                .to_string(),
            COMMENT_TOO_LONG
        );
    }

    #[test]
    fn mentions_are_at_names_not_inside_emails_each_once() {
        assert_eq!(
            names("@maya love this, cc @Leo_M and @maya again; mail me at sofia@example.com"),
            ["maya", "Leo_M"]
        );
        assert_eq!(names("Thanks @maya.chen."), ["maya.chen"]);
        assert_eq!(names("(@leo) and @LEO"), ["leo"]);
    }

    #[test]
    fn runs_that_are_not_usernames_mention_nobody() {
        assert_eq!(names("@ab @ @... @@maya"), ["maya"]);
        assert!(names(&format!("@{}", "a".repeat(31))).is_empty());
        assert_eq!(names(&format!("@{}", "a".repeat(30))).len(), 1);
        assert_eq!(names("@émile @zoë"), Vec::<String>::new());
    }

    #[test]
    fn at_most_twenty_names_become_mentions() {
        let text: String = (0..30).map(|n| format!("@user{n:02} ")).collect();
        let found = names(&text);
        assert_eq!(found.len(), MENTIONS_MAX);
        assert_eq!(found[0], "user00");
        assert_eq!(found[19], "user19");
    }
}
