pub mod account_lookup;
