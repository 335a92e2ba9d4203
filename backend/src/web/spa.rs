//! The built web app (embedded in release builds; debug builds read frontend/dist from disk,
//! so a rebuilt frontend needs no server rebuild), and the fallback for every unrouted path:
//! `/api`, `/ws` and `/media` paths get a JSON 404; a file of the build is served as itself
//! (hashed assets cached for a year, immutable); anything else is the app's `index.html`,
//! never cached, so the client router takes over. The build writes a Brotli (`.br`) and a gzip
//! (`.gz`) copy beside each JavaScript and CSS file (frontend/vite.config.ts); a browser that
//! accepts one gets it as that file with its `Content-Encoding`, so nothing is compressed
//! per request.

use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::error::ApiError;

#[derive(RustEmbed)]
#[folder = "../frontend/dist"]
struct WebApp;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

pub async fn fallback(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    let reserved = ["/api", "/ws", "/media"]
        .iter()
        .any(|prefix| path == *prefix || path.starts_with(&format!("{prefix}/")));
    if reserved || !matches!(method, Method::GET | Method::HEAD) {
        return ApiError::not_found("Not found").into_response();
    }

    let file = path.trim_start_matches('/');
    if !file.is_empty()
        && let Some(asset) = WebApp::get(file)
    {
        let cache = if file.starts_with("assets/") {
            IMMUTABLE
        } else {
            "public, max-age=3600"
        };
        let content_type = asset.metadata.mimetype().to_owned();
        let precompressed = ENCODINGS
            .iter()
            .filter_map(|&(encoding, suffix)| {
                WebApp::get(&format!("{file}{suffix}")).map(|copy| (encoding, copy))
            })
            .collect::<Vec<_>>();
        if precompressed.is_empty() {
            return (
                [
                    (header::CONTENT_TYPE, content_type),
                    (header::CACHE_CONTROL, cache.to_owned()),
                ],
                asset.data,
            )
                .into_response();
        }
        let chosen = precompressed
            .into_iter()
            .find(|(encoding, _)| accepts(&headers, encoding));
        let (encoding, data) = match chosen {
            Some((encoding, copy)) => (Some(encoding), copy.data),
            None => (None, asset.data),
        };
        let mut response = (
            [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, cache.to_owned()),
            ],
            data,
        )
            .into_response();
        let answer = response.headers_mut();
        // Caches keep one copy per encoding.
        answer.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        if let Some(encoding) = encoding {
            answer.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding));
        }
        return response;
    }
    match WebApp::get("index.html") {
        Some(index) => (
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            index.data,
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            "The web app was not built: run `make run`.",
        )
            .into_response(),
    }
}

/// The precompressed copies, best first: (Content-Encoding, file suffix).
const ENCODINGS: [(&str, &str); 2] = [("br", ".br"), ("gzip", ".gz")];

/// Whether `Accept-Encoding` takes `encoding` (by name or `*`, with a q-value above 0).
fn accepts(headers: &HeaderMap, encoding: &str) -> bool {
    let mut named = None;
    let mut any = None;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';');
            let name = parts.next().unwrap_or_default().trim();
            let q = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            if name.eq_ignore_ascii_case(encoding) {
                named = Some(q);
            } else if name == "*" {
                any = Some(q);
            }
        }
    }
    named.or(any).is_some_and(|q| q > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(accept: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, accept.parse().unwrap());
        headers
    }

    #[test]
    fn an_encoding_is_accepted_by_name_or_star_unless_its_q_is_zero() {
        assert!(accepts(&with("gzip, deflate, br, zstd"), "br"));
        assert!(accepts(&with("gzip;q=0.5"), "gzip"));
        assert!(!accepts(&with("gzip"), "br"));
        assert!(!accepts(&with("br;q=0, gzip"), "br"));
        assert!(accepts(&with("*"), "br"));
        assert!(!accepts(&with("*, br;q=0"), "br"));
        assert!(!accepts(&HeaderMap::new(), "gzip"));
        assert!(!accepts(&with("identity"), "gzip"));
    }
}
