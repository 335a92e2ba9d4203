//! The whole application's router: the API, its OpenAPI document, /ws, /media, health checks,
//! /metrics and the embedded web app, behind the middleware stack.

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::Method;
use axum::response::IntoResponse;
use axum::routing::get;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;

use crate::app::api;
use crate::gateway::socket;
use crate::identity::session::CookieRefreshLayer;
use crate::platform::http::error::ApiError;
use crate::platform::http::oversize::{self, JSON_BODY_LIMIT};
use crate::platform::http::{
    compression, health, media, metrics, origin, request_log, security_headers, spa,
};
use crate::platform::payments::PaymentMode;
use crate::platform::state::AppState;

/// The security headers of every answer: the policy lets Stripe in where Stripe takes the
/// payments.
pub fn security_headers_of(state: &AppState) -> security_headers::SecurityHeadersLayer {
    security_headers::SecurityHeadersLayer::new(state.payments.mode() != PaymentMode::Test)
}

/// The whole application: API, OpenAPI document, health, metrics and the web app.
pub fn router(state: AppState) -> Router {
    let (api, openapi) = api::split();
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
        .merge(media::router())
        .merge(crate::federation::protocol_router())
        .route("/ws", get(socket::upgrade))
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
                .layer(security_headers_of(&state))
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
