//! Calls' HTTP handlers: voicemails and the ICE servers (the calls themselves are socket
//! frames: calls/signalling.rs).

pub mod rtc;
pub mod voicemails;
