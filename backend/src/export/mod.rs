//! A member's data export: everything they did, streamed as one JSON document.

pub mod routes;
pub mod store;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// The data export, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(utoipa_axum::routes!(routes::export))
}
