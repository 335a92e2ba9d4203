pub mod calls;
pub mod voicemails;
