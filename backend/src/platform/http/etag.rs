//! Strong ETags on JSON answers that rarely change (the house catalogue, a user's settings, the
//! VAPID key): the browser keeps the body (`Cache-Control: private, no-cache`: kept, always asked
//! again) and asks with `If-None-Match`; an unchanged answer is a bodiless 304. The tag is a hash
//! of the body itself, so every instance gives the same tag for the same answer.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::platform::http::error::ApiError;

const REVALIDATE: HeaderValue = HeaderValue::from_static("private, no-cache");

/// `value` as JSON with its ETag, or 304 when `request` already holds that answer.
pub fn tagged_json<T: Serialize>(request: &HeaderMap, value: &T) -> Response {
    let body = match serde_json::to_vec(value) {
        Ok(body) => body,
        Err(err) => return ApiError::Internal(err.into()).into_response(),
    };
    let digest = Sha256::digest(&body);
    let hex = hex::encode(&digest[..16]);
    let etag = format!("\"{hex}\"");
    let Ok(tag) = HeaderValue::from_str(&etag) else {
        return ApiError::Internal(anyhow::anyhow!("an ETag that is not a header")).into_response();
    };
    if revalidates(request, &etag) {
        return (
            StatusCode::NOT_MODIFIED,
            [(header::ETAG, tag), (header::CACHE_CONTROL, REVALIDATE)],
        )
            .into_response();
    }
    (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (header::ETAG, tag),
            (header::CACHE_CONTROL, REVALIDATE),
        ],
        body,
    )
        .into_response()
}

/// `If-None-Match` names this ETag (weakly or not), or is `*`.
pub fn revalidates(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|tag| tag.trim().trim_start_matches("W/"))
        .any(|tag| tag == etag || tag == "*")
}
