//! `/healthz` (the process answers) and `/readyz` (the database answers too).

use axum::Json;
use axum::extract::State;
use serde_json::json;

use crate::error::ApiError;
use crate::state::AppState;

pub async fn healthz() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok" }))
}

pub async fn readyz(State(state): State<AppState>) -> Result<Json<serde_json::Value>, ApiError> {
    state.db.ping().await.map_err(|err| {
        tracing::warn!(error = %err, "readiness check failed");
        ApiError::Unavailable("Database unavailable")
    })?;
    Ok(Json(json!({ "status": "ready" })))
}
