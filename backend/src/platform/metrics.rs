//! The application's Prometheus registry: request count and latency histogram per route. Each
//! application owns its registry, so several servers in one test process do not collide. A low
//! floor (docs/architecture.md): the state holds it, and `platform/http/metrics.rs` feeds it from a route
//! layer and serves it at `/metrics`.

use std::sync::Arc;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounterVec, Opts, Registry, TextEncoder,
};

/// The application's registry and its HTTP metrics. Cheap to clone (one `Arc`).
#[derive(Clone)]
pub struct Metrics(Arc<Inner>);

struct Inner {
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
        Self(Arc::new(Inner {
            registry,
            requests,
            latency,
        }))
    }

    /// Counts one answered request and its latency.
    pub fn observe(&self, method: &Method, route: &str, status: StatusCode, latency: Duration) {
        let method = method.as_str();
        self.0
            .latency
            .with_label_values(&[method, route])
            .observe(latency.as_secs_f64());
        self.0
            .requests
            .with_label_values(&[method, route, status.as_str()])
            .inc();
    }

    /// Every metric in the Prometheus text format.
    pub fn render(&self) -> Vec<u8> {
        let mut buffer = Vec::new();
        TextEncoder::new()
            .encode(&self.0.registry.gather(), &mut buffer)
            .expect("text encoding cannot fail");
        buffer
    }
}
