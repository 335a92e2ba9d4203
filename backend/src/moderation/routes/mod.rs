pub mod blocks;
pub mod reports;
