//! The economy's answers: products, orders, sales, tips, balances, credits and withdrawals.

pub mod earnings;
pub mod payouts;
pub mod shop;
