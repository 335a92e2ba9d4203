//! The live canvas (docs/canvas-contract.md): canvases, their members, strokes and snapshots,
//! and the rooms people draw in together over the socket.

pub mod events;
pub mod refusals;
pub mod rooms;
pub mod routes;
pub mod rules;
pub mod service;
pub mod socket;
pub mod store;
pub mod wire;

use utoipa_axum::router::OpenApiRouter;

pub use rooms::part;

use crate::platform::state::AppState;

/// Canvases, their members and snapshots, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().merge(routes::router())
}
