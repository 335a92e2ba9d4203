//! Clean text: the one rule for every piece of text a client sends and the server reads (a
//! string of a JSON body, a query parameter, a path parameter, a multipart text part). NUL and
//! the other C0 control characters are refused, except tab, line feed and carriage return,
//! which are ordinary text. PostgreSQL cannot store a NUL in TEXT at all, and SQLite's
//! full-text search breaks on it; the others have no place in a caption or a name either.
//!
//! The request extractors (`Json`, `Query`, `Path` in platform/http/error.rs) apply it before a handler sees
//! its input, through [`json_refusal`], [`query_refusal`] and [`check`]; a handler reading a
//! multipart text part calls [`check`]. Ordinary requests pay next to nothing: a refused
//! character can only arrive escaped in JSON (`\u0000`–`\u001f`, `\b`, `\f`) or
//! percent-encoded in a URL (`%00`–`%1F`), so the raw bytes are scanned for those first, and
//! the input is read again (to name the field) only when one is there. Only what the handler
//! reads is checked: the name or value of a field it does not know is ignored, as before.

mod checked;

use std::cell::Cell;

use serde::Deserializer;
use serde::de::DeserializeOwned;

use crate::kernel::error::DomainError;

/// A pattern (ECMA-262 and Python `re` alike) that matches exactly the clean strings; the
/// OpenAPI document puts it on every string a request carries.
pub const CLEAN_PATTERN: &str = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$";

/// Whether `c` is refused in text: a C0 control character other than tab, LF and CR.
pub const fn is_refused(c: char) -> bool {
    matches!(c, '\u{0}'..='\u{8}' | '\u{B}' | '\u{C}' | '\u{E}'..='\u{1F}')
}

/// Whether the byte is a refused character (all of them are ASCII, so this holds for UTF-8
/// text and for percent-decoded bytes alike).
pub const fn is_refused_byte(b: u8) -> bool {
    b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')
}

/// Whether `text` holds no refused character.
pub fn is_clean(text: &str) -> bool {
    !text.bytes().any(is_refused_byte)
}

/// Text with a refused character, naming the field it came in (`caption`, `skills[1]`, `q`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field} must not contain control characters")]
pub struct ControlCharacters {
    pub field: String,
}

impl ControlCharacters {
    /// The longest field name echoed back (a client picks the keys of a free-form map).
    const FIELD_MAX: usize = 64;

    /// Names the field for a message: refused characters become U+FFFD, and a name longer
    /// than 64 characters is cut with an ellipsis.
    pub fn in_field(field: &str) -> Self {
        let mut name: String = field
            .chars()
            .take(Self::FIELD_MAX)
            .map(|c| if is_refused(c) { '\u{FFFD}' } else { c })
            .collect();
        if field.chars().count() > Self::FIELD_MAX {
            name.push('…');
        }
        Self { field: name }
    }
}

/// `Ok` when `value` is clean; otherwise the refusal naming `field`.
pub fn check(field: &str, value: &str) -> Result<(), ControlCharacters> {
    if is_clean(value) {
        Ok(())
    } else {
        Err(ControlCharacters::in_field(field))
    }
}

/// The refusal for a JSON body from which `T` would read a string with a refused character,
/// named by its path (`caption`, `tags[2]`, `accountDetails.email`); `None` when `T` reads
/// only clean text, or when the body is not a `T` for another reason (the parser answers that).
pub fn json_refusal<T: DeserializeOwned>(body: &[u8]) -> Option<ControlCharacters> {
    if !json_escapes_refused(body) {
        return None;
    }
    refusal::<T, _>(&mut serde_json::Deserializer::from_slice(body))
}

/// The refusal for a query string from which `T` would read a parameter with a refused
/// character, named by the parameter; `None` otherwise (as `json_refusal`).
pub fn query_refusal<T: DeserializeOwned>(query: &str) -> Option<ControlCharacters> {
    if !percent_escapes_refused(query) {
        return None;
    }
    refusal::<T, _>(serde_urlencoded::Deserializer::new(
        url::form_urlencoded::parse(query.as_bytes()),
    ))
}

fn refusal<'de, T: serde::Deserialize<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Option<ControlCharacters> {
    let found = Cell::new(false);
    let checked = checked::Checked {
        inner: deserializer,
        found: &found,
    };
    match serde_path_to_error::deserialize::<_, T>(checked) {
        Err(err) if found.get() => {
            // A map key is not a segment yet (`extra.?`): the map names it.
            let path = err.path().to_string();
            let path = path.trim_end_matches(".?");
            Some(ControlCharacters::in_field(match path {
                "." | "?" => "body",
                path => path,
            }))
        }
        _ => None,
    }
}

/// Whether a JSON text escapes a refused character in a string: `\u0000`–`\u001f` other than
/// `\u0009`, `\u000a`, `\u000d`, or the short `\b` and `\f`. (Unescaped control characters are
/// not JSON; the parser refuses them.)
pub fn json_escapes_refused(json: &[u8]) -> bool {
    let mut from = 0;
    while let Some(offset) = memchr::memchr(b'\\', &json[from..]) {
        let at = from + offset;
        match json.get(at + 1) {
            Some(b'b' | b'f') => return true,
            Some(b'u') => {
                let code = json
                    .get(at + 2..at + 6)
                    .and_then(|digits| std::str::from_utf8(digits).ok())
                    .and_then(|digits| u32::from_str_radix(digits, 16).ok());
                if code.is_some_and(|code| code < 0x20 && is_refused_byte(code as u8)) {
                    return true;
                }
            }
            None => return false,
            Some(_) => {}
        }
        // Past the escaped character, so `\\u0000` (a backslash, then text) is no escape.
        from = at + 2;
    }
    false
}

/// Whether percent-decoding `raw` yields a refused character (`%00`…`%1F` but `%09`, `%0A`,
/// `%0D`). A URL cannot carry one unencoded.
pub fn percent_escapes_refused(raw: &str) -> bool {
    let bytes = raw.as_bytes();
    memchr::memchr_iter(b'%', bytes).any(|at| {
        let high = match bytes.get(at + 1) {
            Some(b'0') => 0,
            Some(b'1') => 1,
            _ => return false,
        };
        let low = bytes
            .get(at + 2)
            .and_then(|digit| (*digit as char).to_digit(16));
        low.is_some_and(|low| is_refused_byte((high << 4) | low as u8))
    })
}

/// The most an admin's decision notes may hold.
const DECISION_NOTES_MAX: usize = 500;

/// An admin's notes on a decision (a withdrawal's, a report's): trimmed, `None` when blank,
/// refused over 500 characters.
pub fn parse_decision_notes(notes: Option<&str>) -> Result<Option<&str>, DomainError> {
    let notes = notes.map(str::trim).filter(|n| !n.is_empty());
    if notes.is_some_and(|n| n.chars().count() > DECISION_NOTES_MAX) {
        return Err(DomainError::invalid("Notes must be under 500 characters"));
    }
    Ok(notes)
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    use super::*;

    #[test]
    fn tab_newline_and_carriage_return_are_text_and_other_c0_characters_are_not() {
        assert!(is_clean("a\tb\nc\r\nd é 🎨 \u{7F} \u{85}"));
        for c in (0u8..0x20).map(char::from) {
            let refused = !matches!(c, '\t' | '\n' | '\r');
            assert_eq!(is_refused(c), refused, "{c:?}");
            assert_eq!(is_refused_byte(c as u8), refused, "{c:?}");
            assert_eq!(is_clean(&format!("a{c}b")), !refused, "{c:?}");
        }
    }

    #[test]
    fn the_refusal_names_the_field() {
        assert_eq!(
            check("caption", "a\0b").unwrap_err().to_string(),
            "caption must not contain control characters"
        );
        assert!(check("caption", "a\tb").is_ok());
    }

    #[test]
    fn a_field_name_is_echoed_clean_and_short() {
        assert_eq!(ControlCharacters::in_field("a\u{1}b").field, "a\u{FFFD}b");
        let long = "x".repeat(100);
        assert_eq!(
            ControlCharacters::in_field(&long).field,
            format!("{}…", "x".repeat(64))
        );
    }

    #[test]
    fn json_escapes_of_control_characters_are_found_and_others_are_not() {
        assert!(json_escapes_refused(br#"{"a":"x\u0000y"}"#));
        assert!(json_escapes_refused(br#"{"a":"\u001F"}"#));
        assert!(json_escapes_refused(br#"{"a":"\u001f"}"#));
        assert!(json_escapes_refused(br#"{"a":"\b"}"#));
        assert!(json_escapes_refused(br#"{"a":"\f"}"#));
        for clean in [
            r#"{"a":"tab\t line\n return\r \u0009\u000a\u000D"}"#,
            r#"{"a":"\\u0000 is only text, as is \\b"}"#,
            r#"{"a":"\u0020 \u007f \u00e9 \"quoted\" \/ \\"}"#,
            r#"{"a":"data:image/png;base64,iVBORw0KGgo="}"#,
            r#"{"a":"ends with a backslash \\"}"#,
        ] {
            assert!(!json_escapes_refused(clean.as_bytes()), "{clean}");
        }
        // A truncated escape is the parser's business.
        assert!(!json_escapes_refused(br#"{"a":"\u00"#));
        assert!(!json_escapes_refused(br#"\"#));
    }

    #[test]
    fn percent_escapes_of_control_characters_are_found_and_others_are_not() {
        for dirty in ["q=a%00b", "q=%1f", "q=%1F", "q=%0b", "%01=x", "a/%08"] {
            assert!(percent_escapes_refused(dirty), "{dirty}");
        }
        for clean in [
            "q=a%09b%0A%0d",
            "q=%20%7F%C3%A9",
            "q=100%",
            "q=%0",
            "q=%2500",
            "q=%zz",
        ] {
            assert!(!percent_escapes_refused(clean), "{clean}");
        }
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Body {
        caption: Option<String>,
        tags: Option<Vec<String>>,
        account_details: Option<Details>,
        extra: Option<serde_json::Value>,
        kind: Option<Kind>,
        count: Option<i64>,
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Details {
        email: String,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Image,
    }

    fn json_field(body: &str) -> Option<String> {
        json_refusal::<Body>(body.as_bytes()).map(|refused| refused.field)
    }

    #[test]
    fn a_string_the_type_reads_is_refused_by_its_path() {
        assert_eq!(json_field(r#"{"caption":"a\u0000b"}"#).unwrap(), "caption");
        assert_eq!(
            json_field(r#"{"caption":"ok","tags":["fine","b\u0001d"]}"#).unwrap(),
            "tags[1]"
        );
        assert_eq!(
            json_field(r#"{"accountDetails":{"email":"a\fb@example.com"}}"#).unwrap(),
            "accountDetails.email"
        );
        // Free-form JSON is read whole: its strings and keys are text too.
        assert_eq!(
            json_field(r#"{"extra":{"list":["x","\u0002"]}}"#).unwrap(),
            "extra.list[1]"
        );
        assert_eq!(json_field(r#"{"extra":{"a\u0000":1}}"#).unwrap(), "extra");
        assert_eq!(
            json_refusal::<String>(br#""\u0000""#).unwrap().field,
            "body"
        );
    }

    #[test]
    fn what_the_type_does_not_read_is_not_refused() {
        assert_eq!(json_field(r#"{"bio":"line\nbreak\ttab \u0009"}"#), None);
        assert_eq!(
            json_field(r#"{"unknown":"\u0000","a\u0001b":["\u0002"]}"#),
            None
        );
        // A bad enum value or number is the parser's refusal, not this one.
        assert_eq!(json_field(r#"{"kind":"\u0000"}"#), None);
        assert_eq!(json_field(r#"{"count":"\u0000"}"#), None);
        // Not JSON: left to the parser.
        assert_eq!(json_field(r#"{"caption":"\u0000"#), None);
    }

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Search {
        q: Option<String>,
        limit: Option<i64>,
    }

    #[test]
    fn a_query_parameter_the_type_reads_is_refused_by_its_name() {
        let named = |query| query_refusal::<Search>(query).map(|r| r.field);
        assert_eq!(named("q=a%00b").unwrap(), "q");
        assert_eq!(named("limit=2&q=%1F"), Some("q".to_owned()));
        assert_eq!(named("q=line%0Abreak+and%09tab"), None);
        assert_eq!(named("q=ok&other=%00"), None);
        assert_eq!(named("limit=%00"), None);
    }
}
