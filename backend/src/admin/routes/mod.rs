//! The admin area (docs/admin-contract.md, DESIGN §3 "Shop, earnings, admin"): every ad with
//! its stats and the revenue, every withdrawal and the decision on a pending one, every user,
//! the moderation queue of reports and its decisions (issue 20), and the audit log. Every
//! route takes the `AdminUser` extractor (401 anonymous, 403 for a non-admin); the guard test
//! walks this router's paths in the OpenAPI document.

mod ads_list;
mod audit_list;
mod report_decide;
mod report_target;
mod reports_list;
mod revenue_get;
mod users_list;
mod users_summary;
mod withdrawal_decide;
mod withdrawals_list;
mod withdrawals_summary;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::state::AppState;

/// The most a decision's notes may hold.
const NOTES_MAX: usize = 500;

/// Nested at `/api/admin`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(ads_list::list_ads))
        .routes(routes!(revenue_get::get_revenue))
        .routes(routes!(withdrawals_list::list_all_withdrawals))
        .routes(routes!(withdrawals_summary::withdrawal_summary))
        .routes(routes!(withdrawal_decide::decide_withdrawal))
        .routes(routes!(users_list::list_users))
        .routes(routes!(users_summary::user_summary))
        .routes(routes!(audit_list::list_audit))
        .routes(routes!(reports_list::list_reports))
        .routes(routes!(report_decide::decide_report))
        .routes(routes!(report_target::open_report_target))
}

/// A decision's notes (a withdrawal's, a report's): trimmed, `None` when blank, 400 over 500
/// characters.
fn decision_notes(notes: Option<&str>) -> ApiResult<Option<&str>> {
    let notes = notes.map(str::trim).filter(|n| !n.is_empty());
    if notes.is_some_and(|n| n.chars().count() > NOTES_MAX) {
        return Err(ApiError::bad_request("Notes must be under 500 characters"));
    }
    Ok(notes)
}
