//! The economy's answers: products, orders, sales, tips, balances, credits and withdrawals.

pub mod checkout;
pub mod earnings;
pub mod payouts;
pub mod shop;
