//! What every area stands on and that knows no area: settings, logs and metrics, the clock,
//! HTTP plumbing, the database pool and its visibility rule, realtime delivery, media, Web Push,
//! allowances, the payment provider and the outbound address guard. Nothing here imports an area.

pub mod config;
pub mod telemetry;
pub mod metrics;
pub mod clock;
pub mod outbound;
pub mod state;
pub mod payments;
pub mod password;
pub mod limits;
pub mod db;
pub mod media;
pub mod realtime;
pub mod push;
pub mod http;
