//! One INFO line per answered request: method, route template (or the raw path when no route
//! matched), status and latency. A plain tower layer instead of tower-http's `TraceLayer` or
//! an axum `from_fn` middleware: no span is built, and nothing is boxed or cloned per request
//! (a `from_fn` layer clones and boxes the whole inner service stack on every call). The line
//! is formatted once and handed to the non-blocking writer set up in `telemetry`.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, ready};
use std::time::Instant;

use axum::extract::MatchedPath;
use axum::http::{Method, Request, Response, Uri};
use pin_project_lite::pin_project;
use tower::{Layer, Service};

/// Wraps the whole router (outermost), so every answer is logged, fallbacks included (the
/// health probe, answered before the router, is not: `health::is_probe`).
#[derive(Debug, Clone, Copy, Default)]
pub struct RequestLogLayer;

impl<S> Layer<S> for RequestLogLayer {
    type Service = RequestLog<S>;

    fn layer(&self, inner: S) -> RequestLog<S> {
        RequestLog { inner }
    }
}

#[derive(Debug, Clone)]
pub struct RequestLog<S> {
    inner: S,
}

struct Started {
    method: Method,
    uri: Uri,
    at: Instant,
}

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for RequestLog<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>>,
{
    type Response = Response<ResBody>;
    type Error = S::Error;
    type Future = Logged<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        let started = tracing::enabled!(tracing::Level::INFO).then(|| Started {
            method: request.method().clone(),
            uri: request.uri().clone(),
            at: Instant::now(),
        });
        Logged {
            inner: self.inner.call(request),
            started,
        }
    }
}

pin_project! {
    /// The inner service's future; logs the line when it resolves to a response.
    pub struct Logged<F> {
        #[pin]
        inner: F,
        started: Option<Started>,
    }
}

impl<F, ResBody, E> Future for Logged<F>
where
    F: Future<Output = Result<Response<ResBody>, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let result = ready!(this.inner.poll(cx));
        if let (Ok(response), Some(started)) = (&result, this.started.take()) {
            let latency_ms = started.at.elapsed().as_secs_f64() * 1e3;
            let route = response
                .extensions()
                .get::<MatchedPath>()
                .map_or_else(|| started.uri.path(), MatchedPath::as_str);
            tracing::info!(
                method = started.method.as_str(),
                route,
                status = response.status().as_u16(),
                latency_ms = format_args!("{latency_ms:.3}"),
                "request"
            );
        }
        Poll::Ready(result)
    }
}
