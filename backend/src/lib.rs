//! Atelier's server: the API, the realtime gateway, media and the embedded web app.
//! `main.rs` and the integration tests both start it through `startup::Application`.

pub mod auth;
pub mod canvas_rooms;
pub mod checkout;
pub mod clock;
pub mod config;
pub mod db;
pub mod domain;
pub mod error;
pub mod gateway;
pub mod media;
pub mod metrics;
pub mod notices;
pub mod outbound;
pub mod payments;
pub mod posting;
pub mod push;
pub mod realtime;
pub mod routes;
pub mod seed;
pub mod startup;
pub mod state;
pub mod telemetry;
pub mod web;
pub mod wire;
