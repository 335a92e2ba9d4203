//! Prometheus metrics over HTTP: the route layer that counts and times each answer by its route
//! template (never the raw path, so label cardinality stays bounded), and `/metrics`. The
//! registry itself is `crate::platform::metrics` (below the state, which holds it). The per-request path
//! is allocation-free: labels are borrowed `&str`s (route template, method, status), which the
//! metric vectors hash to find their existing child.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Instant;

use axum::extract::{MatchedPath, State};
use axum::http::{Method, Request, Response, header};
use axum::response::IntoResponse;
use pin_project_lite::pin_project;
use tower::{Layer, Service};

use crate::platform::metrics::Metrics;
use crate::platform::state::AppState;

/// Route layer (so the matched route template is known): counts and times each answer. The
/// template is also left in the response's extensions for the request log, which runs outside
/// the router. A plain tower layer (see `request_log`): nothing is boxed per request.
#[derive(Clone)]
pub struct TrackLayer(Metrics);

impl TrackLayer {
    pub fn new(metrics: Metrics) -> Self {
        Self(metrics)
    }
}

impl<S> Layer<S> for TrackLayer {
    type Service = Track<S>;

    fn layer(&self, inner: S) -> Track<S> {
        Track {
            inner,
            metrics: self.0.clone(),
        }
    }
}

#[derive(Clone)]
pub struct Track<S> {
    inner: S,
    metrics: Metrics,
}

struct Started {
    metrics: Metrics,
    route: Option<MatchedPath>,
    method: Method,
    at: Instant,
}

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for Track<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>>,
{
    type Response = Response<ResBody>;
    type Error = S::Error;
    type Future = Tracked<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        let started = Started {
            metrics: self.metrics.clone(),
            route: request.extensions().get::<MatchedPath>().cloned(),
            method: request.method().clone(),
            at: Instant::now(),
        };
        Tracked {
            inner: self.inner.call(request),
            started: Some(started),
        }
    }
}

pin_project! {
    /// The inner service's future; observes the answer when it resolves.
    pub struct Tracked<F> {
        #[pin]
        inner: F,
        started: Option<Started>,
    }
}

impl<F, ResBody, E> Future for Tracked<F>
where
    F: Future<Output = Result<Response<ResBody>, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let mut result = ready!(this.inner.poll(cx));
        if let (Ok(response), Some(started)) = (&mut result, this.started.take()) {
            let template = started
                .route
                .as_ref()
                .map_or("unmatched", MatchedPath::as_str);
            started.metrics.observe(
                &started.method,
                template,
                response.status(),
                started.at.elapsed(),
            );
            if let Some(route) = started.route {
                response.extensions_mut().insert(route);
            }
        }
        Poll::Ready(result)
    }
}

/// `/metrics` in the Prometheus text format.
pub async fn export(State(state): State<AppState>) -> axum::response::Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        state.metrics.render(),
    )
        .into_response()
}
