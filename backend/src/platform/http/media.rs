//! `GET` and `HEAD /media/{key}`: public, immutable, with ETag revalidation and single byte
//! ranges (audio and video seek). Keys are content hashes, so an answer never goes stale.

use axum::Router;
use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::Response;
use axum::routing::get;
use object_store::path::Path as StorePath;
use object_store::{GetOptions, GetRange, ObjectStoreExt};

use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::etag::revalidates;
use crate::platform::media::content_type_of_key;
use crate::platform::state::AppState;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

pub fn router() -> Router<AppState> {
    Router::new().route("/media/{key}", get(serve))
}

async fn serve(
    State(state): State<AppState>,
    method: Method,
    key: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let not_found = || ApiError::not_found("Not found");
    let Path(key) = key.map_err(|_| not_found())?;
    // Only well-formed keys reach the store: no `..`, no slashes, no other names.
    let content_type = content_type_of_key(&key).ok_or_else(not_found)?;
    let etag = format!("\"{}\"", &key[..64]);
    let location = StorePath::from(key.as_str());
    let store = state.media.store();

    let meta = match store.head(&location).await {
        Ok(meta) => meta,
        Err(object_store::Error::NotFound { .. }) => return Err(not_found()),
        Err(err) => return Err(ApiError::Internal(err.into())),
    };
    let size = meta.size;

    let mut response = Response::builder()
        .header(header::CACHE_CONTROL, IMMUTABLE)
        .header(header::ETAG, &etag);

    if revalidates(&headers, &etag) {
        let response = response
            .status(StatusCode::NOT_MODIFIED)
            .body(Body::empty())
            .map_err(|err| ApiError::Internal(err.into()))?;
        return Ok(response);
    }

    response = response.header(header::CONTENT_TYPE, content_type);
    let body = if method == Method::HEAD {
        Ranged::Head
    } else {
        Ranged::Get
    };
    ranged(store.as_ref(), &location, size, &headers, response, body).await
}

/// Whether a ranged answer carries the bytes (`GET`) or only their headers (`HEAD`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ranged {
    Get,
    Head,
}

/// Answers the object at `location` (`size` bytes) on `response`: whole (200), or the one byte
/// range the request's `Range` asks for (206 with its Content-Range; 416 past the end), streamed
/// from the store, never held in memory.
pub async fn ranged(
    store: &dyn object_store::ObjectStore,
    location: &StorePath,
    size: u64,
    headers: &HeaderMap,
    mut response: axum::http::response::Builder,
    body: Ranged,
) -> ApiResult<Response> {
    let range = match headers.get(header::RANGE).and_then(|v| v.to_str().ok()) {
        Some(value) => requested_range(value, size)?,
        None => None,
    };
    response = response.header(header::ACCEPT_RANGES, "bytes");
    let (status, start, end) = match range {
        Some((start, end)) => {
            response =
                response.header(header::CONTENT_RANGE, format!("bytes {start}-{end}/{size}"));
            (StatusCode::PARTIAL_CONTENT, start, end)
        }
        None => (StatusCode::OK, 0, size.saturating_sub(1)),
    };
    let length = if size == 0 { 0 } else { end - start + 1 };
    response = response
        .status(status)
        .header(header::CONTENT_LENGTH, length);

    let body = if body == Ranged::Head || length == 0 {
        Body::empty()
    } else {
        let options = GetOptions {
            range: range.map(|(start, end)| GetRange::Bounded(start..end + 1)),
            ..GetOptions::default()
        };
        let object = store
            .get_opts(location, options)
            .await
            .map_err(|err| match err {
                object_store::Error::NotFound { .. } => ApiError::not_found("Not found"),
                other => ApiError::Internal(other.into()),
            })?;
        Body::from_stream(object.into_stream())
    };
    response
        .body(body)
        .map_err(|err| ApiError::Internal(err.into()))
}

impl crate::platform::media::Media {
    /// A stored work's file (`works/{sha256}`) on `response`, with its hash as a strong ETag:
    /// whole, or the byte range the request asks for, so a browser resumes a broken download.
    /// An `If-Range` naming another ETag gets the whole file.
    pub async fn send_work(
        &self,
        key: &str,
        headers: &HeaderMap,
        response: axum::http::response::Builder,
    ) -> ApiResult<Response> {
        let location = StorePath::from(key);
        let meta = self
            .store()
            .head(&location)
            .await
            .map_err(|err| ApiError::Internal(err.into()))?;
        let etag = format!("\"{}\"", key.rsplit('/').next().unwrap_or(key));
        let mut headers = headers.clone();
        let other_version = headers
            .get(header::IF_RANGE)
            .is_some_and(|value| value.as_bytes() != etag.as_bytes());
        if other_version {
            headers.remove(header::RANGE);
        }
        let response = response.header(header::ETAG, &etag);
        ranged(
            self.store().as_ref(),
            &location,
            meta.size,
            &headers,
            response,
            Ranged::Get,
        )
        .await
    }
}

/// One satisfiable byte range (inclusive), or `None` to answer the whole object: a malformed
/// header or several ranges are ignored, as RFC 9110 allows. A range past the end is 416.
fn requested_range(value: &str, size: u64) -> ApiResult<Option<(u64, u64)>> {
    let Ok(parsed) = http_range_header::parse_range_header(value) else {
        return Ok(None);
    };
    match parsed.validate(size) {
        Ok(ranges) => Ok(match ranges.as_slice() {
            [only] => Some((*only.start(), *only.end())),
            _ => None,
        }),
        Err(_) => Err(ApiError::RangeNotSatisfiable { size }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn a_single_range_is_served_and_open_ends_are_resolved() {
        assert_eq!(requested_range("bytes=0-9", 100).unwrap(), Some((0, 9)));
        assert_eq!(requested_range("bytes=90-", 100).unwrap(), Some((90, 99)));
        assert_eq!(requested_range("bytes=-10", 100).unwrap(), Some((90, 99)));
    }

    #[test]
    fn malformed_and_multiple_ranges_fall_back_to_the_whole_file() {
        assert_eq!(requested_range("items=0-9", 100).unwrap(), None);
        assert_eq!(requested_range("bytes=0-9,20-29", 100).unwrap(), None);
    }

    #[test]
    fn a_range_past_the_end_is_not_satisfiable() {
        assert!(matches!(
            requested_range("bytes=100-200", 100),
            Err(ApiError::RangeNotSatisfiable { size: 100 })
        ));
    }

    #[test]
    fn if_none_match_accepts_lists_weak_tags_and_star() {
        let etag = "\"abc\"";
        let mut headers = HeaderMap::new();
        headers.insert(
            header::IF_NONE_MATCH,
            HeaderValue::from_static("\"x\", W/\"abc\""),
        );
        assert!(revalidates(&headers, etag));
        headers.insert(header::IF_NONE_MATCH, HeaderValue::from_static("*"));
        assert!(revalidates(&headers, etag));
        headers.insert(header::IF_NONE_MATCH, HeaderValue::from_static("\"other\""));
        assert!(!revalidates(&headers, etag));
    }
}
