//! Security headers on every answer. Handlers may set their own first.
//! One plain tower layer inserting all four (four `SetResponseHeaderLayer`s cost four
//! services, four futures and, on an axum router, four boxed routes per request).

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use axum::http::{HeaderMap, HeaderName, HeaderValue, Request, Response, header};
use pin_project_lite::pin_project;
use tower::{Layer, Service};

/// The policy with these scripts' sources, frames' directive and calls' sources added.
macro_rules! policy {
    ($scripts:literal, $frames:literal, $calls:literal) => {
        concat!(
            "default-src 'self'; img-src 'self' data: blob: https:; ",
            "media-src 'self' data: blob: http: https:; style-src 'self' 'unsafe-inline'; ",
            "script-src 'self'",
            $scripts,
            "; ",
            $frames,
            "connect-src 'self'",
            $calls,
            "; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
        )
    };
}

/// Self only, plus `data:`/`blob:` for media. A post's or an image story's URL is fetched and
/// stored (served from `/media/`), so images need no `http:`; `https:` stays for ads' images
/// (admin-entered, kept as given) and posts stored before fetching began. Media keeps `http:`
/// and `https:` for a video story's URL (kept as given). Inline styles for the UI library's
/// positioning.
pub const CONTENT_SECURITY_POLICY: &str = policy!("", "", "");

/// The same where Stripe takes the payments (issue 42): Stripe.js from js.stripe.com, its
/// Payment Element's frames from js.stripe.com and hooks.stripe.com (3-D Secure), and its calls
/// to api.stripe.com, as Stripe's own CSP guide lists them; nothing else loosens.
pub const CONTENT_SECURITY_POLICY_WITH_STRIPE: &str = policy!(
    " https://js.stripe.com",
    "frame-src https://js.stripe.com https://hooks.stripe.com; ",
    " https://api.stripe.com"
);

static HEADERS: [(HeaderName, HeaderValue); 3] = [
    (
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    ),
    (
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    ),
    (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
];

/// The two policies as header values, checked when the program is built: `from_static` checks
/// every byte, and at run time that was ~4.7k instructions on every response (issue 45).
static POLICIES: [(&str, HeaderValue); 2] = [
    (
        CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    ),
    (
        CONTENT_SECURITY_POLICY_WITH_STRIPE,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY_WITH_STRIPE),
    ),
];

/// Wraps the whole router, so every answer, errors and fallbacks included, carries the
/// headers that its handler did not set itself.
#[derive(Debug, Clone, Copy)]
pub struct SecurityHeadersLayer {
    policy: &'static str,
}

impl SecurityHeadersLayer {
    /// The Content-Security-Policy this layer sends.
    pub fn policy(&self) -> &'static str {
        self.policy
    }

    /// With `stripe`, the policy lets Stripe.js and its frames in (`CONTENT_SECURITY_POLICY_WITH_STRIPE`).
    pub fn new(stripe: bool) -> Self {
        Self {
            policy: if stripe {
                CONTENT_SECURITY_POLICY_WITH_STRIPE
            } else {
                CONTENT_SECURITY_POLICY
            },
        }
    }
}

impl<S> Layer<S> for SecurityHeadersLayer {
    type Service = SecurityHeaders<S>;

    fn layer(&self, inner: S) -> SecurityHeaders<S> {
        SecurityHeaders {
            inner,
            policy: self.policy,
        }
    }
}

#[derive(Debug, Clone)]
pub struct SecurityHeaders<S> {
    inner: S,
    policy: &'static str,
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
            policy: self.policy,
        }
    }
}

pin_project! {
    /// The inner service's future; adds the headers to its response.
    pub struct WithHeaders<F> {
        #[pin]
        inner: F,
        policy: &'static str,
    }
}

impl<F, ResBody, E> Future for WithHeaders<F>
where
    F: Future<Output = Result<Response<ResBody>, E>>,
{
    type Output = F::Output;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        let mut result = ready!(this.inner.poll(cx));
        if let Ok(response) = &mut result {
            stamp(response.headers_mut(), this.policy);
        }
        Poll::Ready(result)
    }
}

/// Adds the headers `headers` lacks: `policy` as the Content-Security-Policy, and the others.
pub fn stamp(headers: &mut HeaderMap, policy: &'static str) {
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        let value = POLICIES
            .iter()
            .find(|(text, _)| *text == policy)
            .map_or_else(
                || HeaderValue::from_static(policy),
                |(_, value)| value.clone(),
            );
        headers.insert(header::CONTENT_SECURITY_POLICY, value);
    }
    for (name, value) in &HEADERS {
        if !headers.contains_key(name) {
            headers.insert(name.clone(), value.clone());
        }
    }
}
