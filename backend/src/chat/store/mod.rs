pub mod conversations;
pub mod messages;
