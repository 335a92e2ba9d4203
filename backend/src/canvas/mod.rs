//! The live canvas (docs/canvas-contract.md): canvases, their members, strokes and snapshots,
//! and the rooms people draw in together over the socket.

pub mod store;
pub mod rules;
pub mod wire;
pub mod rooms;
pub mod socket;
pub mod routes;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// Canvases, their members and snapshots, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::router())
}
