//! `/healthz` (the process answers) and `/readyz` (the database answers too).

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, Method, Request, Response, header};
use axum::response::IntoResponse;
use serde_json::json;

use crate::platform::http::error::ApiError;
use crate::platform::http::security_headers;
use crate::platform::state::AppState;

/// `/healthz`'s body: a constant, nothing to build or serialise per request.
const HEALTHY: &str = r#"{"status":"ok"}"#;

/// `GET /healthz` through the router (the connection answers most with `probe`).
pub async fn healthz() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], HEALTHY)
}

/// Whether `request` is the health probe, `GET /healthz`, which the connection answers itself
/// (`probe`) before the router: other methods go the router's way (405, HEAD).
pub fn is_probe<B>(request: &Request<B>) -> bool {
    request.method() == Method::GET && request.uri().path() == "/healthz"
}

/// The probe's answer: `healthz`'s, with the security headers every answer carries.
pub fn probe(policy: &'static str) -> Response<Body> {
    let mut response = Response::new(Body::from(HEALTHY));
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    security_headers::stamp(headers, policy);
    response
}

pub async fn readyz(State(state): State<AppState>) -> Result<Json<serde_json::Value>, ApiError> {
    state.db.ping().await.map_err(|err| {
        tracing::warn!(error = %err, "readiness check failed");
        ApiError::Unavailable("Database unavailable")
    })?;
    Ok(Json(json!({ "status": "ready" })))
}
