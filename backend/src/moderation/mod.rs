//! Safety (docs/safety-contract.md): blocks, mutes and reports.

pub mod routes;
pub mod rules;
pub mod service;
pub mod store;
pub mod wire;

use utoipa_axum::router::OpenApiRouter;

// Federation (issue 46) files another server's `Flag` as a report of its sender.
pub use store::reports::{NewReport, Reported, report};

use crate::platform::state::AppState;

/// Blocks, mutes and reports, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::blocks::router())
        .merge(routes::reports::router())
        .nest("/admin", routes::reports::admin_router())
}
