pub mod domain_block;
pub mod federation_overview;
