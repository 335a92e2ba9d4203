//! The built web app (embedded in release builds; debug builds read frontend/dist from disk,
//! so a rebuilt frontend needs no server rebuild), and the fallback for every unrouted path:
//! `/api`, `/ws` and `/media` paths get a JSON 404; a file of the build is served as itself
//! (hashed assets cached for a year, immutable); anything else is the app's `index.html`,
//! never cached, so the client router takes over. Files come precompressed (`.br`, `.gz`, made
//! by the build) to clients that accept them.

use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use super::compression::{self, Precompressed};
use crate::platform::http::error::ApiError;

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
        } else if revalidated(file) {
            "no-cache"
        } else {
            "public, max-age=3600"
        };
        let mimetype = asset.metadata.mimetype().to_owned();
        return serve(file, asset, &mimetype, cache, &headers);
    }
    match WebApp::get("index.html") {
        Some(index) => serve(
            "index.html",
            index,
            "text/html; charset=utf-8",
            "no-cache",
            &headers,
        ),
        None => (
            StatusCode::NOT_FOUND,
            "The web app was not built: run `make run`.",
        )
            .into_response(),
    }
}

/// Files a browser checks with the server on each use (issue 21): the service worker (a cached
/// one would delay every update of the app), the web app manifest and its icons (their names
/// carry no content hash).
fn revalidated(file: &str) -> bool {
    matches!(file, "sw.js" | "manifest.webmanifest") || file.starts_with("icons/")
}

/// One file of the build, as the client's Accept-Encoding prefers it: its `.br` or `.gz` twin
/// when the build made one (files under 1 KB have none), itself otherwise.
fn serve(
    name: &str,
    file: rust_embed::EmbeddedFile,
    content_type: &str,
    cache: &str,
    request: &HeaderMap,
) -> Response {
    // The build compresses every file over 1 KB; one without twins goes out as it is to
    // everyone, so it needs no Vary.
    let has_twins = WebApp::get(&format!("{name}{}", Precompressed::Gzip.suffix())).is_some();
    let compressed = compression::accepted(request)
        .into_iter()
        .find_map(|form| WebApp::get(&format!("{name}{}", form.suffix())).map(|twin| (form, twin)));
    let mut response = match compressed {
        Some((form, twin)) => {
            let mut response = twin.data.into_response();
            response.headers_mut().insert(
                header::CONTENT_ENCODING,
                HeaderValue::from_static(form.encoding()),
            );
            response
        }
        None => file.data.into_response(),
    };
    let headers = response.headers_mut();
    if let Ok(value) = HeaderValue::from_str(content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    if let Ok(value) = HeaderValue::from_str(cache) {
        headers.insert(header::CACHE_CONTROL, value);
    }
    if has_twins {
        // A cache must keep one copy per encoding.
        headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}
