//! The economy's SQL: products and orders, their reviews, tips, credits and withdrawals.

pub mod checkouts;
pub mod earnings;
pub mod payouts;
pub mod reviews;
pub mod shop;
pub mod tips;
