//! Atelier's server, one folder per feature area over a platform floor (docs/architecture.md).
//! `main.rs` and the integration tests both start it through `app::Application`.

// What every area stands on: plain shared types, then the platform (which knows no area).
pub mod kernel;
pub mod platform;

// The feature areas. Lowest first, each may use the public face of those before it: identity,
// notifications, social, chat, calls, canvas, economy, ads, moderation, federation, admin
// (`AREAS` in tests/architecture.rs).
pub mod admin;
pub mod ads;
pub mod calls;
pub mod canvas;
pub mod chat;
pub mod economy;
pub mod federation;
pub mod identity;
pub mod moderation;
pub mod notifications;
pub mod social;

// Above every area: the assembly, the data export, the socket's dispatch, the demo data.
pub mod app;
pub mod export;
pub mod gateway;
pub mod seed;
