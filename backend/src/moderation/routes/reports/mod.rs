//! Reports (issue 20, docs/safety-contract.md): anyone signed in reports a post, comment, reel,
//! story, message or account to the admins' moderation queue; an admin lists the queue, opens
//! a reported target read-only (audited) and decides each case (`admin_router`, nested at
//! `/api/admin`; every route of it takes the `AdminUser` extractor).

mod report_create;
mod report_decide;
mod report_target;
mod reports_list;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(report_create::create_report))
}

/// The moderation queue, nested at `/api/admin`.
pub fn admin_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(reports_list::list_reports))
        .routes(routes!(report_decide::decide_report))
        .routes(routes!(report_target::open_report_target))
}
