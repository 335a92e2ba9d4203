use axum::extract::State;

use crate::auth::CurrentUser;
use crate::db;
use crate::domain::{Settings, SettingsUpdate};
use crate::error::{ApiResult, ErrorBody, Json};
use crate::notices;
use crate::state::AppState;

/// The session user's settings: the defaults until they save any.
#[utoipa::path(
    get, path = "/settings", tag = "user",
    responses(
        (status = 200, description = "The user's settings", body = Settings),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn get_settings(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Settings>> {
    let settings = db::settings::get(&state.db, current.user.id).await?;
    Ok(Json(settings))
}

/// Saves some or all of the session user's settings; absent fields keep their value.
#[utoipa::path(
    put, path = "/settings", tag = "user",
    request_body = SettingsUpdate,
    responses(
        (status = 200, description = "The saved settings", body = Settings),
        (status = 400, description = "A value that is not a boolean, or not a JSON object", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn update_settings(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<SettingsUpdate>,
) -> ApiResult<Json<Settings>> {
    let (settings, approvals) = db::settings::update(&state.db, current.user.id, body).await?;
    notices::announce(&state, approvals).await;
    Ok(Json(settings))
}
