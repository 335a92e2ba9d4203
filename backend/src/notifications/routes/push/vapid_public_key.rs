use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody};
use crate::platform::http::etag::tagged_json;
use crate::platform::push::wire::VapidPublicKey;
use crate::platform::state::AppState;

/// The server's VAPID public key, for `pushManager.subscribe({userVisibleOnly: true,
/// applicationServerKey})` (decode the base64url into bytes first). It stays the same across
/// restarts and instances.
#[utoipa::path(
    get, path = "/push/vapid-public-key", tag = "push",
    params(("If-None-Match" = Option<String>, Header, description = "The ETag of an earlier answer")),
    responses(
        (status = 200, description = "The VAPID public key", body = VapidPublicKey,
         headers(("ETag" = String, description = "For If-None-Match"))),
        (status = 304, description = "Unchanged since the ETag given in If-None-Match"),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn vapid_public_key(
    State(state): State<AppState>,
    _current: CurrentUser,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let key = VapidPublicKey {
        public_key: state.push.public_key().to_owned(),
    };
    Ok(tagged_json(&headers, &key))
}
