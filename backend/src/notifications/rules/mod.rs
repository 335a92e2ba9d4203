//! Parsed notification input: kinds, filters, the sentences and previews, and push keys.

pub mod notification;
pub mod push;
