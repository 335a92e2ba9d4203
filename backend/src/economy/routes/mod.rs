//! The economy's HTTP handlers: parse, call the service or the store, answer.

pub mod checkout;
pub mod earnings;
pub mod payments;
pub mod payouts;
pub mod shop;
pub mod tips;
