//! The economy's SQL: products and orders, tips, credits and withdrawals.

pub mod shop;
pub mod tips;
pub mod earnings;
