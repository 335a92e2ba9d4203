//! Wire types: what the API answers and the socket carries (camelCase JSON, ISO-8601 times,
//! integer cents), each with its conversion from the `db` row it shows. Below both `routes/` and
//! `realtime/` (docs/architecture.md): an answer and an event share one type, and no route
//! folder reaches into another for a shape.

use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Stored epoch milliseconds as the API's ISO-8601 UTC text.
pub fn iso_time(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// The header carrying the next page's cursor.
pub const NEXT_CURSOR: &str = "x-next-cursor";

/// A page of a list: the JSON array, plus `X-Next-Cursor` when more items follow.
pub fn paginated<T: Serialize>(items: Vec<T>, next: Option<i64>) -> Response {
    paged(items, next)
}

/// A page whose body is more than the list (a product's reviews with their aggregate), plus
/// `X-Next-Cursor` when more items follow.
pub fn paged<T: Serialize>(body: T, next: Option<i64>) -> Response {
    let mut response = crate::platform::http::error::Json(body).into_response();
    if let Some(cursor) = next {
        response
            .headers_mut()
            .insert(NEXT_CURSOR, HeaderValue::from(cursor));
    }
    response
}
