pub mod notification;
pub mod push;
