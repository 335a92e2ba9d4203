//! `GET /api/admin/federation`: Admin › Federation: the delivery queue's health and the known
//! servers (accounts here, deliveries waiting, failures, blocked or paused), by host.

use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::federation::store;
use crate::federation::wire::{FederationOverview, KnownServer};
use crate::identity::AdminUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Query};
use crate::platform::state::AppState;

/// Servers on a page.
const PAGE: i64 = 50;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OverviewQuery {
    /// Only servers whose host sorts after this one (the last host of the previous page).
    pub after: Option<String>,
}

/// Federation's health: whether it is on, deliveries waiting and failing, and up to 50 known
/// servers after `after`.
#[utoipa::path(
    get, path = "/federation", tag = "admin",
    params(OverviewQuery),
    responses(
        (status = 200, description = "The overview", body = FederationOverview),
        (status = 400, description = "`after` too long", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`)", body = ErrorBody),
    )
)]
pub async fn federation_overview(
    State(state): State<AppState>,
    _admin: AdminUser,
    Query(query): Query<OverviewQuery>,
) -> ApiResult<Json<FederationOverview>> {
    let after = query.after.unwrap_or_default();
    if after.len() > 253 {
        return Err(ApiError::bad_request("after must be a host"));
    }
    let (pending, failing) = store::queue_health(&state.db).await?;
    let servers = store::domains(&state.db, &after, PAGE).await?;
    Ok(Json(FederationOverview {
        enabled: crate::federation::wire::sender(&state).is_some(),
        pending_deliveries: pending,
        failing_deliveries: failing,
        servers: servers.into_iter().map(KnownServer::from).collect(),
    }))
}
