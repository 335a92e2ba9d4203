//! Reports (issue 20, docs/safety-contract.md): anyone signed in reports a post, comment, reel,
//! story, message or account to the admins' moderation queue (routes/admin/reports_list.rs).

mod report_create;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(report_create::create_report))
}
