//! Security headers on every answer. Handlers may set their own first.
//! One plain tower layer inserting all four (four `SetResponseHeaderLayer`s cost four
//! services, four futures and, on an axum router, four boxed routes per request).

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use axum::http::{HeaderName, HeaderValue, Request, Response, header};
use pin_project_lite::pin_project;
use tower::{Layer, Service};

/// Self only, plus `data:`/`blob:` for media. A post's or an image story's URL is fetched and
/// stored (served from `/media/`), so images need no `http:`; `https:` stays for ads' images
/// (admin-entered, kept as given) and posts stored before fetching began. Media keeps `http:`
/// and `https:` for a video story's URL (kept as given). Inline styles for the UI library's
/// positioning.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
    img-src 'self' data: blob: https:; media-src 'self' data: blob: http: https:; \
    style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const HEADERS: [(HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
    (header::X_FRAME_OPTIONS, "DENY"),
];

/// Wraps the whole router, so every answer, errors and fallbacks included, carries the
/// headers that its handler did not set itself.
#[derive(Debug, Clone, Copy, Default)]
pub struct SecurityHeadersLayer;

impl<S> Layer<S> for SecurityHeadersLayer {
    type Service = SecurityHeaders<S>;

    fn layer(&self, inner: S) -> SecurityHeaders<S> {
        SecurityHeaders { inner }
    }
}

#[derive(Debug, Clone)]
pub struct SecurityHeaders<S> {
    inner: S,
}

impl<S, ReqBody, ResBody> Service<Request<ReqBody>> for SecurityHeaders<S>
where
    S: Service<Request<ReqBody>, Response = Response<ResBody>>,
{
    type Response = Response<ResBody>;
    type Error = S::Error;
    type Future = WithHeaders<S::Future>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        WithHeaders {
            inner: self.inner.call(request),
        }
    }
}

pin_project! {
    /// The inner service's future; adds the headers to its response.
    pub struct WithHeaders<F> {
        #[pin]
        inner: F,
    }
}

impl<F, ResBody, E> Future for WithHeaders<F>
where
    F: Future<Output = Result<Response<ResBody>, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let mut result = ready!(self.project().inner.poll(cx));
        if let Ok(response) = &mut result {
            let headers = response.headers_mut();
            for (name, value) in HEADERS {
                if !headers.contains_key(&name) {
                    headers.insert(name, HeaderValue::from_static(value));
                }
            }
        }
        Poll::Ready(result)
    }
}
