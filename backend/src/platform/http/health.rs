//! `/healthz` (the process answers) and `/readyz` (the database answers too).

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use serde_json::json;

use crate::platform::http::error::ApiError;
use crate::platform::state::AppState;

/// A constant body: nothing to build or serialise per request.
pub async fn healthz() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "application/json")],
        r#"{"status":"ok"}"#,
    )
}

pub async fn readyz(State(state): State<AppState>) -> Result<Json<serde_json::Value>, ApiError> {
    state.db.ping().await.map_err(|err| {
        tracing::warn!(error = %err, "readiness check failed");
        ApiError::Unavailable("Database unavailable")
    })?;
    Ok(Json(json!({ "status": "ready" })))
}
