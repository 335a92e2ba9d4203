//! The economy's HTTP handlers: parse, call the service or the store, answer.

pub mod shop;
pub mod earnings;
pub mod tips;
