pub mod conversations;
pub mod shares;
