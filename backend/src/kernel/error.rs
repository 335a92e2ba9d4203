//! The one error of parsing: the input breaks a rule (answered 400) or names something that
//! cannot exist (404), with the user-facing message (the spec's wording where it has one).
//! Domain code knows nothing of HTTP; `platform/http/error.rs` turns this into the API's error, in one place.

use std::borrow::Cow;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DomainError {
    /// The input breaks a rule.
    #[error("{0}")]
    Invalid(Cow<'static, str>),
    /// The input names something that cannot exist (a product id below 1).
    #[error("{0}")]
    NotFound(&'static str),
}

impl DomainError {
    pub fn invalid(message: impl Into<Cow<'static, str>>) -> Self {
        Self::Invalid(message.into())
    }
}
