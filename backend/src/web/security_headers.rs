//! Security headers on every answer (DESIGN §2). Handlers may set their own first.

use axum::Router;
use axum::http::{HeaderName, HeaderValue, header};
use tower_http::set_header::SetResponseHeaderLayer;

/// Self only, plus `data:`/`blob:` for media; `https:` images because a post may carry an
/// image URL the browser loads; inline styles for the UI library's positioning.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
    img-src 'self' data: blob: https:; media-src 'self' data: blob:; \
    style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

const HEADERS: [(HeaderName, &str); 4] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
    (header::X_FRAME_OPTIONS, "DENY"),
];

/// Wraps `router` so every answer, errors and fallbacks included, carries the headers.
pub fn apply(router: Router) -> Router {
    HEADERS.into_iter().fold(router, |router, (name, value)| {
        router.layer(SetResponseHeaderLayer::if_not_present(
            name,
            HeaderValue::from_static(value),
        ))
    })
}
