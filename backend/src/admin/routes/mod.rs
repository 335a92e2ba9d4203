//! The admin dashboard's own routes (docs/admin-contract.md): the revenue, every user, and the
//! audit log. The admin's payouts (economy/routes/payouts), moderation queue
//! (moderation/routes/reports) and ads (ads/routes) live with their areas, under `/api/admin`
//! too. Every route takes the `AdminUser` extractor (401 anonymous, 403 for a non-admin); the
//! guard test walks every `/api/admin` path in the OpenAPI document.

mod audit_list;
mod revenue_get;
mod users_list;
mod users_summary;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

/// Nested at `/api/admin`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(revenue_get::get_revenue))
        .routes(routes!(users_list::list_users))
        .routes(routes!(users_summary::user_summary))
        .routes(routes!(audit_list::list_audit))
}
