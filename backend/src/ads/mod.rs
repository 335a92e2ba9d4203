//! Ads: creating and changing them, serving them, and counting impressions and clicks.

pub mod routes;
pub mod rules;
pub mod store;
pub mod wire;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// Ads and their admin list, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .nest("/ads", routes::router())
        .merge(routes::admin_router())
        .nest("/admin", routes::admin_list_router())
}
