//! Prometheus metrics: request count and latency histogram per route (the route template,
//! never the raw path, so label cardinality stays bounded). Each application owns its
//! registry, so several servers in one test process do not collide.

use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry, TextEncoder,
};

use crate::state::AppState;

#[derive(Clone)]
pub struct Metrics {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
}

impl Default for Metrics {
    fn default() -> Self {
        Self::new()
    }
}

impl Metrics {
    pub fn new() -> Self {
        let registry = Registry::new();
        let requests = IntCounterVec::new(
            Opts::new(
                "http_requests_total",
                "HTTP requests answered, by route and status",
            ),
            &["method", "route", "status"],
        )
        .expect("valid metric");
        let latency = HistogramVec::new(
            HistogramOpts::new(
                "http_request_duration_seconds",
                "HTTP request latency by route",
            )
            .buckets(vec![
                0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
            ]),
            &["method", "route"],
        )
        .expect("valid metric");
        registry
            .register(Box::new(requests.clone()))
            .expect("registered once");
        registry
            .register(Box::new(latency.clone()))
            .expect("registered once");
        Self {
            registry,
            requests,
            latency,
        }
    }
}

/// Middleware (route layer, so the matched route template is known).
pub async fn track(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |path| path.as_str().to_owned());
    let method = request.method().to_string();
    let started = Instant::now();
    let response = next.run(request).await;
    let metrics = &state.metrics;
    metrics
        .latency
        .with_label_values(&[&method, &route])
        .observe(started.elapsed().as_secs_f64());
    metrics
        .requests
        .with_label_values(&[&method, &route, response.status().as_str()])
        .inc();
    response
}

/// `/metrics` in the Prometheus text format.
pub async fn export(State(state): State<AppState>) -> Response {
    let mut buffer = Vec::new();
    TextEncoder::new()
        .encode(&state.metrics.registry.gather(), &mut buffer)
        .expect("text encoding cannot fail");
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        buffer,
    )
        .into_response()
}
