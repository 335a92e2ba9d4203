//! Cross-site request refusal. A state-changing request (anything but GET, HEAD, OPTIONS) must
//! come from this site: its `Origin` is the public URL's origin or names the host it was sent
//! to. Browsers send `Origin` on every such request; a request without one is accepted only
//! when it cannot be a cross-site form (a JSON body, or no body at all) — that is a script or
//! a CLI, which carries no victim's cookies. Cookies are also SameSite=Lax.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};

use axum::http::{HeaderMap, HeaderValue, Method, Request, header};
use axum::response::{IntoResponse, Response};
use pin_project_lite::pin_project;
use tower::{Layer, Service};

use crate::platform::http::error::ApiError;

/// Refuses cross-site state-changing requests with 403 before they reach a handler. A plain
/// tower layer (see `request_log`): nothing is boxed or cloned per request.
#[derive(Debug, Clone)]
pub struct OriginCheckLayer {
    /// `AppState::public_url`.
    public_url: Arc<str>,
}

impl OriginCheckLayer {
    pub fn new(public_url: Arc<str>) -> Self {
        Self { public_url }
    }
}

impl<S> Layer<S> for OriginCheckLayer {
    type Service = OriginCheck<S>;

    fn layer(&self, inner: S) -> OriginCheck<S> {
        OriginCheck {
            inner,
            public_url: self.public_url.clone(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct OriginCheck<S> {
    inner: S,
    public_url: Arc<str>,
}

impl<S, ReqBody> Service<Request<ReqBody>> for OriginCheck<S>
where
    S: Service<Request<ReqBody>, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Checked<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        if is_safe(request.method()) || allowed(request.headers(), &self.public_url) {
            Checked::Passed {
                inner: self.inner.call(request),
            }
        } else {
            let refusal = ApiError::Forbidden("Cross-site request refused").into_response();
            Checked::Refused {
                response: Some(refusal),
            }
        }
    }
}

pin_project! {
    /// The inner service's future, or the refusal.
    #[project = CheckedProj]
    pub enum Checked<F> {
        Passed { #[pin] inner: F },
        Refused { response: Option<Response> },
    }
}

impl<F, E> Future for Checked<F>
where
    F: Future<Output = Result<Response, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        match self.project() {
            CheckedProj::Passed { inner } => inner.poll(cx),
            CheckedProj::Refused { response } => {
                Poll::Ready(Ok(response.take().expect("polled after completion")))
            }
        }
    }
}

fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

fn allowed(headers: &HeaderMap, public_url: &str) -> bool {
    match headers.get(header::ORIGIN) {
        None => json_or_empty(headers),
        Some(origin) => origin_matches(origin, headers, public_url),
    }
}

/// The WebSocket upgrade's check (a GET, so the layer lets it through): browsers send `Origin`
/// on every socket and cookies ride along cross-site, so a foreign one is refused; a client
/// without `Origin` is not a browser and carries no victim's cookies.
pub fn socket_allowed(headers: &HeaderMap, public_url: &str) -> bool {
    headers
        .get(header::ORIGIN)
        .is_none_or(|origin| origin_matches(origin, headers, public_url))
}

fn origin_matches(origin: &HeaderValue, headers: &HeaderMap, public_url: &str) -> bool {
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if origin.eq_ignore_ascii_case(public_url) {
        return true;
    }
    // Same origin as the address the browser used (e.g. localhost vs 127.0.0.1).
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let origin_authority = origin.split_once("://").map(|(_, rest)| rest);
    matches!((origin_authority, host), (Some(a), Some(h)) if a.eq_ignore_ascii_case(h))
}

fn json_or_empty(headers: &HeaderMap) -> bool {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    match content_type {
        // ActivityPub's types too: another server's POST to an inbox carries no Origin (and a
        // browser cannot send them cross-site without a preflight, like JSON).
        Some(ct) => {
            let ct = ct.trim_start().to_ascii_lowercase();
            ct.starts_with("application/json")
                || ct.starts_with("application/activity+json")
                || ct.starts_with("application/ld+json")
        }
        None => headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .is_none_or(|len| len.trim() == "0"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(name.clone(), HeaderValue::from_str(value).unwrap());
        }
        map
    }

    const SITE: &str = "http://127.0.0.1:8080";

    #[test]
    fn the_sites_own_origin_is_allowed() {
        assert!(allowed(&headers(&[(header::ORIGIN, SITE)]), SITE));
        let via_localhost = headers(&[
            (header::ORIGIN, "http://localhost:8080"),
            (header::HOST, "localhost:8080"),
        ]);
        assert!(allowed(&via_localhost, SITE));
    }

    #[test]
    fn another_origin_is_refused() {
        let evil = headers(&[
            (header::ORIGIN, "https://evil.example"),
            (header::HOST, "127.0.0.1:8080"),
        ]);
        assert!(!allowed(&evil, SITE));
        assert!(!allowed(&headers(&[(header::ORIGIN, "null")]), SITE));
    }

    #[test]
    fn no_origin_is_allowed_only_for_json_or_empty_bodies() {
        assert!(allowed(
            &headers(&[(header::CONTENT_TYPE, "application/json")]),
            SITE
        ));
        assert!(allowed(&headers(&[]), SITE));
        assert!(!allowed(
            &headers(&[(header::CONTENT_TYPE, "application/x-www-form-urlencoded")]),
            SITE
        ));
        assert!(!allowed(
            &headers(&[(header::CONTENT_TYPE, "text/plain")]),
            SITE
        ));
    }
}
