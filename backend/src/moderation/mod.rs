//! Safety (docs/safety-contract.md): blocks, mutes and reports.

pub mod store;
pub mod rules;
pub mod wire;
pub mod routes;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// Blocks, mutes and reports, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::blocks::router())
        .merge(routes::reports::router())
}
