//! The admin dashboard (docs/admin-contract.md): every ad, withdrawal, user and report, the
//! decisions on them, the revenue and the audit log. Every route takes the `AdminUser` extractor.

pub mod routes;
pub mod store;
pub mod wire;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// The admin dashboard, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().nest("/admin", routes::router())
}
