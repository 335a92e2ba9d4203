//! JSON bodies that declare more than the limit are refused with 413 before any handler runs,
//! after the rest of the body has been read and thrown away (up to twice the limit), as nginx's lingering
//! close does: a client still writing its body then reads the 413 instead of a reset
//! connection ("broken pipe"). Bodies without a Content-Length, and multipart uploads (whose
//! routes set their own limits), are left to axum's body limit.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::Body;
use axum::http::{Request, header};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use futures_util::future::Either;
use tower::{Layer, Service};

use crate::platform::http::error::ApiError;

/// JSON bodies up to 16 MiB (an image data URL after the client's redraw is ~1 MiB).
pub const JSON_BODY_LIMIT: usize = 16 * 1024 * 1024;

/// At most this much of an oversized body is read to give its sender the answer; past it, or
/// after `DRAIN_TIMEOUT`, the connection is closed as before.
const DRAIN_CAP: u64 = 2 * JSON_BODY_LIMIT as u64;
const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone, Copy)]
pub struct OversizeJsonLayer {
    limit: u64,
}

impl OversizeJsonLayer {
    pub fn new(limit: usize) -> Self {
        Self {
            limit: limit as u64,
        }
    }
}

impl<S> Layer<S> for OversizeJsonLayer {
    type Service = OversizeJson<S>;

    fn layer(&self, inner: S) -> OversizeJson<S> {
        OversizeJson {
            inner,
            limit: self.limit,
        }
    }
}

#[derive(Debug, Clone)]
pub struct OversizeJson<S> {
    inner: S,
    limit: u64,
}

type Refusal = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

impl<S> Service<Request<Body>> for OversizeJson<S>
where
    S: Service<Request<Body>, Response = Response, Error = Infallible>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Either<S::Future, Refusal>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<Body>) -> Self::Future {
        let declared = declared_json_length(&request);
        match declared {
            Some(length) if length > self.limit => Either::Right(Box::pin(async move {
                if length <= DRAIN_CAP {
                    let mut body = request.into_body().into_data_stream();
                    let _ = tokio::time::timeout(DRAIN_TIMEOUT, async {
                        while let Some(Ok(_)) = body.next().await {}
                    })
                    .await;
                }
                Ok(ApiError::PayloadTooLarge.into_response())
            })),
            _ => Either::Left(self.inner.call(request)),
        }
    }
}

/// The Content-Length of a JSON request, if it says one.
fn declared_json_length(request: &Request<Body>) -> Option<u64> {
    let headers = request.headers();
    let is_json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.trim_start().starts_with("application/json"));
    if !is_json {
        return None;
    }
    headers
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}
