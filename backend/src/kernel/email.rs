//! An email address as the account and a PayPal payout take it.

use crate::kernel::error::DomainError;

const INVALID_EMAIL: &str = "Please enter a valid email address";

/// `local@domain.tld`, at most 254 characters, no whitespace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Email(String);

impl Email {
    pub fn parse(raw: &str) -> Result<Self, DomainError> {
        let value = raw.trim();
        let well_formed = value.len() <= 254
            && !value.chars().any(char::is_whitespace)
            && value.split_once('@').is_some_and(|(local, domain)| {
                !local.is_empty()
                    && !domain.contains('@')
                    && domain.split_once('.').is_some_and(|(host, tld)| {
                        !host.is_empty() && !tld.is_empty() && !domain.ends_with('.')
                    })
            });
        if !well_formed {
            return Err(DomainError::invalid(INVALID_EMAIL));
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

    #[test]
    fn emails_must_look_like_local_at_domain_dot_tld() {
        assert!(Email::parse("maya@example.com").is_ok());
        for bad in [
            "maya",
            "maya@",
            "@example.com",
            "maya@example",
            "a b@c.d",
            "a@b@c.d",
            "a@b.",
        ] {
            assert_eq!(
                Email::parse(bad).unwrap_err().to_string(),
                INVALID_EMAIL,
                "{bad}"
            );
        }
    }
}
