//! The built web app (embedded in release builds; debug builds read frontend/dist from disk,
//! so a rebuilt frontend needs no server rebuild), and the fallback for every unrouted path:
//! `/api`, `/ws` and `/media` paths get a JSON 404; a file of the build is served as itself
//! (hashed assets cached for a year, immutable); anything else is the app's `index.html`,
//! never cached, so the client router takes over.

use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

use crate::error::ApiError;

#[derive(RustEmbed)]
#[folder = "../frontend/dist"]
struct WebApp;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

pub async fn fallback(method: Method, uri: Uri) -> Response {
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
        return (
            [
                (header::CONTENT_TYPE, asset.metadata.mimetype().to_owned()),
                (header::CACHE_CONTROL, cache.to_owned()),
            ],
            asset.data,
        )
            .into_response();
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
