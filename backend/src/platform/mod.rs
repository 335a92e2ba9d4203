//! What every area stands on and that knows no area: settings, logs and metrics, the clock,
//! HTTP plumbing, the database pool and its visibility rule, realtime delivery, media, mail, Web Push,
//! allowances, the payment provider, the outbound address guard and the transcriber of voice. Nothing here imports an area.

pub mod clock;
pub mod config;
pub mod db;
pub mod federate;
pub mod fragments;
pub mod http;
pub mod limits;
pub mod mail;
pub mod media;
pub mod metrics;
pub mod outbound;
pub mod outbox;
pub mod password;
pub mod payments;
pub mod push;
pub mod realtime;
pub mod state;
pub mod telemetry;
pub mod transcribe;
