//! Calls' SQL: the calls' records and voicemails.

pub mod calls;
pub mod voicemails;
