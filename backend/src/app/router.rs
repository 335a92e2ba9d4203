//! HTTP plumbing around the routes: the router with its middleware, Origin checks, security
//! headers, metrics, health checks and the embedded single-page app.


use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::Method;
use axum::response::IntoResponse;
use axum::routing::get;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;

use crate::identity::session::CookieRefreshLayer;
use crate::platform::http::error::ApiError;
use crate::platform::state::AppState;
use crate::platform::http::media as platform_media;

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
        .merge(platform_media::router())
        .route("/ws", get(crate::gateway::socket::upgrade))
        .route("/healthz", get(crate::platform::http::health::healthz))
        .route("/readyz", get(crate::platform::http::health::readyz))
        .route("/metrics", get(crate::platform::http::metrics::export))
        .route_layer(crate::platform::http::metrics::TrackLayer::new(state.metrics.clone()))
        .fallback(crate::platform::http::spa::fallback)
        .method_not_allowed_fallback(method_not_allowed)
        // One `layer` call for the whole stack: axum boxes each route once per `layer` call,
        // and clones that box on every request. Outermost first.
        .layer(
            ServiceBuilder::new()
                .layer(crate::platform::http::security_headers::SecurityHeadersLayer)
                .layer(crate::platform::http::request_log::RequestLogLayer)
                .layer(crate::platform::http::compression::layer())
                .layer(CatchPanicLayer::custom(|_| {
                    ApiError::Internal(anyhow::anyhow!("handler panicked")).into_response()
                }))
                .layer(crate::platform::http::oversize::OversizeJsonLayer::new(JSON_BODY_LIMIT))
                .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
                .layer(crate::platform::http::origin::OriginCheckLayer::new(state.public_url.clone()))
                .layer(CookieRefreshLayer),
        )
        .with_state(state)
}

async fn method_not_allowed(method: Method) -> ApiError {
    ApiError::MethodNotAllowed(format!("Method {method} is not allowed here"))
}
