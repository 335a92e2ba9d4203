use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::Response;

use crate::auth::CurrentUser;
use crate::db;
use crate::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::state::AppState;

/// The file of a digital work you bought (as an attachment, under the name it was uploaded
/// with); 404 for anyone else's order and for a physical one.
#[utoipa::path(
    get, path = "/orders/{id}/download", tag = "shop",
    params(("id" = i64, Path, description = "Your order of a digital work")),
    responses(
        (status = 200, description = "The file", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No order of yours of a digital work with this id", body = ErrorBody),
    )
)]
pub async fn download(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Response> {
    let (key, name) = db::shop::download(&state.db, id, current.user.id)
        .await?
        .ok_or_else(|| ApiError::not_found("Order not found"))?;
    let (size, stream) = state.media.open_work(&key).await?;
    // RFC 6266: an ASCII fallback name, and the real one percent-encoded.
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
    let encoded: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    Response::builder()
        .header(header::CONTENT_TYPE, "application/octet-stream")
        .header(header::CONTENT_LENGTH, size)
        .header(
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}"),
        )
        .header(header::CACHE_CONTROL, "private, no-store")
        .body(Body::from_stream(stream))
        .map_err(|err| ApiError::Internal(err.into()))
}
