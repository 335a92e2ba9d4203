//! Payouts, as an admin handles them (docs/admin-contract.md): every withdrawal with its owner,
//! the queue's tiles, and the decision on a pending one. Nested at `/api/admin`; every route
//! takes the `AdminUser` extractor.

mod withdrawal_decide;
mod withdrawals_list;
mod withdrawals_summary;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

/// Nested at `/api/admin`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(withdrawals_list::list_all_withdrawals))
        .routes(routes!(withdrawals_summary::withdrawal_summary))
        .routes(routes!(withdrawal_decide::decide_withdrawal))
}
