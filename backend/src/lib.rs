//! Atelier's server: the API, the realtime gateway, media and the embedded web app.
//! `main.rs` and the integration tests both start it through `crate::app::Application`.

pub mod economy;
pub mod gateway;
pub mod kernel;
pub mod seed;
pub mod identity;
pub mod notifications;
pub mod social;
pub mod chat;
pub mod calls;
pub mod canvas;
pub mod ads;
pub mod moderation;
pub mod admin;
pub mod export;
pub mod app;
pub mod platform;
