//! Creator earnings (docs/shop-contract.md): the session user's balance,
//! asking for a payout, and their withdrawals. Amounts are integer cents computed here; an
//! account number is answered only as its last 4 characters.

mod balance_get;
mod credits_list;
mod summary_get;
mod withdrawal_create;
mod withdrawals_list;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(balance_get::get_balance))
        .routes(routes!(summary_get::get_summary))
        .routes(routes!(credits_list::list_credits))
        .routes(routes!(
            withdrawals_list::list_withdrawals,
            withdrawal_create::create_withdrawal
        ))
}
