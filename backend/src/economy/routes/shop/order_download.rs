use axum::extract::State;
use axum::http::{HeaderMap, header};
use axum::response::Response;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};

use crate::economy::store::shop;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;

/// What RFC 8187 leaves unencoded in `filename*` (a safe subset of its attr-char).
const ATTR_CHAR: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// The file of a digital work you bought (as an attachment, under the name it was uploaded
/// with), whole or the one byte range asked for; 404 for anyone else's order and for a physical
/// one.
#[utoipa::path(
    get, path = "/orders/{id}/download", tag = "shop",
    params(("id" = i64, Path, description = "Your order of a digital work")),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 206, description = "The byte range the Range header asked for (a resumed download)", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No order of yours of a digital work with this id", body = ErrorBody),
        (status = 416, description = "The Range starts past the end of the file", body = ErrorBody),
    )
)]
pub async fn download(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let (key, name) = shop::download(&state.db, id, current.user.id)
        .await?
        .ok_or_else(|| ApiError::not_found("Order not found"))?;
    // RFC 6266: an ASCII fallback name, and the real one percent-encoded (RFC 8187).
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded = utf8_percent_encode(&name, ATTR_CHAR);
    let response = Response::builder()
        .header(header::CONTENT_TYPE, "application/octet-stream")
        .header(
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}"),
        )
        .header(header::CACHE_CONTROL, "private, no-store");
    state.media.send_work(&key, &headers, response).await
}
