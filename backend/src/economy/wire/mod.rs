//! The economy's answers: products, orders, sales, tips, balances, credits and withdrawals.

pub mod shop;
pub mod earnings;
