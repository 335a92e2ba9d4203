//! `/healthz` (the process answers) and `/readyz` (the database answers too).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::state::AppState;

pub async fn healthz() -> Json<serde_json::Value> {
    Json(json!({ "status": "ok" }))
}

pub async fn readyz(State(state): State<AppState>) -> Response {
    match state.db.ping().await {
        Ok(()) => Json(json!({ "status": "ready" })).into_response(),
        Err(err) => {
            tracing::warn!(error = %err, "readiness check failed");
            let body = json!({ "message": "Database unavailable", "code": "not_ready" });
            (StatusCode::SERVICE_UNAVAILABLE, Json(body)).into_response()
        }
    }
}
