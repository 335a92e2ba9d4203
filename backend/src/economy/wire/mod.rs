//! The economy's answers: products, orders, sales, tips, balances, credits and withdrawals, and
//! the payments config.

pub mod card;
pub mod checkout;
pub mod earnings;
pub mod payments;
pub mod payouts;
pub mod shop;
