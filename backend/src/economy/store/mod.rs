//! The economy's SQL: products and orders, tips, credits and withdrawals.

pub mod checkouts;
pub mod earnings;
pub mod payouts;
pub mod shop;
pub mod tips;
