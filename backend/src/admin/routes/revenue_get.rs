use axum::extract::State;

use crate::admin::store;
use crate::admin::wire::Revenue;
use crate::identity::AdminUser;
use crate::kernel::money::dollars;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

/// Revenue, impressions and clicks over every ad, and the creator economy's fees and volumes.
#[utoipa::path(
    get, path = "/revenue", tag = "admin",
    responses(
        (status = 200, description = "The totals", body = Revenue),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`)", body = ErrorBody),
    )
)]
pub async fn get_revenue(
    State(state): State<AppState>,
    _admin: AdminUser,
) -> ApiResult<Json<Revenue>> {
    let (revenue, impressions, clicks) = store::ad_totals(&state.db).await?;
    let (platform_fees, sales_volume, tips_volume) = store::economy_totals(&state.db).await?;
    Ok(Json(Revenue {
        total_revenue: revenue,
        total_revenue_formatted: dollars(revenue),
        total_impressions: impressions,
        total_clicks: clicks,
        platform_fees,
        sales_volume,
        tips_volume,
    }))
}
