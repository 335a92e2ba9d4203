pub mod voicemails;
pub mod rtc;
