use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::ads::store;
use crate::ads::wire::AdminAd;
use crate::identity::AdminUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

/// Pauses (`false`) or resumes (`true`) an ad.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdUpdate {
    pub is_active: bool,
}

/// Pauses or resumes an ad (admins only): a paused ad stops being served at once. A change is
/// written to the audit log.
#[utoipa::path(
    patch, path = "/ads/{id}", tag = "ads",
    params(("id" = i64, Path, description = "Ad id")),
    request_body = AdUpdate,
    responses(
        (status = 200, description = "The ad after the change", body = AdminAd),
        (status = 400, description = "Invalid id, or isActive missing or not a boolean", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`), or a cross-site request", body = ErrorBody),
        (status = 404, description = "`Ad not found`", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn update_ad(
    State(state): State<AppState>,
    admin: AdminUser,
    Path(id): Path<i64>,
    Json(body): Json<AdUpdate>,
) -> ApiResult<Json<AdminAd>> {
    let row = store::set_active(
        &state.db,
        id,
        body.is_active,
        admin.user.id,
        state.clock.now_ms(),
    )
    .await?
    .ok_or_else(|| ApiError::not_found("Ad not found"))?;
    Ok(Json(row.into()))
}
