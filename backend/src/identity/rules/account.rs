//! Account fields: username, password, display name (the email is `kernel::email`).

use crate::kernel::error::DomainError;

pub const USER_NOT_FOUND: &str = "User not found";
pub const REQUIRED_FIELDS: &str = "Please fill in all required fields";
const PASSWORD_TOO_SHORT: &str = "Password must be at least 6 characters long";
const PASSWORD_TOO_LONG: &str = "Password must be at most 256 characters long";
const INVALID_USERNAME: &str =
    "Username must be 3 to 30 characters: letters, numbers, underscores or dots";
const DISPLAY_NAME_TOO_LONG: &str = "Display name must be at most 50 characters";

/// The trimmed text of an optional field; `None` when it is absent or blank.
pub fn filled(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|v| !v.is_empty())
}

/// 3–30 of `[A-Za-z0-9_.]`; compared case-insensitively, stored as typed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Username(String);

impl Username {
    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        let value = raw.trim();
        let valid_chars = value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
        if !(3..=30).contains(&value.len()) || !valid_chars {
            return Err(DomainError::invalid(INVALID_USERNAME));
        }
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// At least 6 characters; at most 256 so hashing cost stays bounded.
/// Not trimmed: spaces are part of a password.
pub struct Password(String);

impl Password {
    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        let length = raw.chars().count();
        if length < 6 {
            return Err(DomainError::invalid(PASSWORD_TOO_SHORT));
        }
        if length > 256 {
            return Err(DomainError::invalid(PASSWORD_TOO_LONG));
        }
        Ok(Self(raw.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Password {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Password(..)")
    }
}

/// Optional at sign-up; falls back to the username. At most 50 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplayName(String);

impl DisplayName {
    pub fn parse_or(raw: Option<&str>, username: &Username) -> Result<Self, DomainError> {
        let value = raw
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .unwrap_or(username.as_str());
        if value.chars().count() > 50 {
            return Err(DomainError::invalid(DISPLAY_NAME_TOO_LONG));
        }
        Ok(Self(value.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(err: DomainError) -> String {
        err.to_string()
    }

    #[test]
    fn usernames_allow_letters_digits_underscores_and_dots() {
        assert!(Username::parse("maya.chen_3").is_ok());
        assert_eq!(Username::parse("  maya  ").unwrap().as_str(), "maya");
        for bad in ["ab", "has space", "émile", "a-b-c", &"x".repeat(31)] {
            assert_eq!(
                message(Username::parse(bad).unwrap_err()),
                INVALID_USERNAME,
                "{bad}"
            );
        }
    }

    #[test]
    fn passwords_need_six_characters_and_keep_their_spaces() {
        assert_eq!(
            message(Password::parse("12345").unwrap_err()),
            PASSWORD_TOO_SHORT
        );
        assert_eq!(Password::parse(" 12345 ").unwrap().expose(), " 12345 ");
        assert!(Password::parse(&"p".repeat(257)).is_err());
    }

    #[test]
    fn display_name_falls_back_to_the_username() {
        let username = Username::parse("maya").unwrap();
        assert_eq!(
            DisplayName::parse_or(None, &username).unwrap().as_str(),
            "maya"
        );
        assert_eq!(
            DisplayName::parse_or(Some("  "), &username)
                .unwrap()
                .as_str(),
            "maya"
        );
        assert_eq!(
            DisplayName::parse_or(Some(" Maya "), &username)
                .unwrap()
                .as_str(),
            "Maya"
        );
    }
}
