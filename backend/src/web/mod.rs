//! HTTP plumbing around the routes: the router with its middleware, Origin checks, security
//! headers, metrics, health checks and the embedded single-page app.

pub mod compression;
pub mod etag;
pub mod health;
pub mod metrics;
pub mod origin;
pub mod oversize;
pub mod request_log;
pub mod security_headers;
pub mod serve;
pub mod spa;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::Method;
use axum::response::IntoResponse;
use axum::routing::get;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;

use crate::auth::session::CookieRefreshLayer;
use crate::error::ApiError;
use crate::media;
use crate::routes;
use crate::state::AppState;

/// JSON bodies up to 16 MiB (an image data URL after the client's redraw is ~1 MiB).
pub const JSON_BODY_LIMIT: usize = 16 * 1024 * 1024;

/// The whole application: API, OpenAPI document, health, metrics and the web app.
pub fn router(state: AppState) -> Router {
    let (api, openapi) = routes::split();
    let openapi_json = openapi.to_json().expect("the OpenAPI document serialises");

    Router::new()
        .merge(api)
        .route(
            "/api/openapi.json",
            get(move || async move {
                (
                    [(axum::http::header::CONTENT_TYPE, "application/json")],
                    openapi_json,
                )
            }),
        )
        .merge(media::serve::router())
        .route("/ws", get(crate::gateway::socket::upgrade))
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(metrics::export))
        .route_layer(metrics::TrackLayer::new(state.metrics.clone()))
        .fallback(spa::fallback)
        .method_not_allowed_fallback(method_not_allowed)
        // One `layer` call for the whole stack: axum boxes each route once per `layer` call,
        // and clones that box on every request. Outermost first.
        .layer(
            ServiceBuilder::new()
                .layer(security_headers::SecurityHeadersLayer)
                .layer(request_log::RequestLogLayer)
                .layer(compression::layer())
                .layer(CatchPanicLayer::custom(|_| {
                    ApiError::Internal(anyhow::anyhow!("handler panicked")).into_response()
                }))
                .layer(oversize::OversizeJsonLayer::new(JSON_BODY_LIMIT))
                .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
                .layer(origin::OriginCheckLayer::new(state.public_url.clone()))
                .layer(CookieRefreshLayer),
        )
        .with_state(state)
}

async fn method_not_allowed(method: Method) -> ApiError {
    ApiError::MethodNotAllowed(format!("Method {method} is not allowed here"))
}
