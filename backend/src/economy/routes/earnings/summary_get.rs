use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::economy::store::earnings;
use crate::economy::wire::earnings::EarningsSummary;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Query};
use crate::platform::state::AppState;

const DAY_MS: i64 = 86_400_000;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SummaryQuery {
    /// How many UTC days, today included: 1 to 90 (default 30).
    #[param(minimum = 1, maximum = 90)]
    pub days: Option<i64>,
}

/// The session user's earnings per UTC day over the last `days` days, by source (sales, tips,
/// other; net of the platform's fee), with the window's totals and the fees kept.
#[utoipa::path(
    get, path = "/user/earnings/summary", tag = "earnings",
    params(SummaryQuery),
    responses(
        (status = 200, description = "Every day of the window, oldest first, and its totals", body = EarningsSummary),
        (status = 400, description = "`days` outside 1–90", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn get_summary(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<SummaryQuery>,
) -> ApiResult<Json<EarningsSummary>> {
    let days = query.days.unwrap_or(30);
    if !(1..=90).contains(&days) {
        return Err(ApiError::bad_request("days must be between 1 and 90"));
    }
    let today = state.clock.now_ms().div_euclid(DAY_MS);
    let since = (today - days + 1) * DAY_MS;
    let rows = earnings::days_since(&state.db, current.user.id, since).await?;
    Ok(Json(EarningsSummary::from_rows(today, days, rows)))
}
