//! Parsed input types: a request body becomes these before a handler does anything, so
//! invalid input never reaches the database (parse, don't validate). Messages are the spec's.

mod account;

pub use account::{DisplayName, Email, Password, REQUIRED_FIELDS, Username, filled};
