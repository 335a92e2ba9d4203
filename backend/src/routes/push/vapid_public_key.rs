use axum::extract::State;

use crate::auth::CurrentUser;
use crate::error::{ApiResult, ErrorBody, Json};
use crate::state::AppState;
use crate::wire::push::VapidPublicKey;

/// The server's VAPID public key, for `pushManager.subscribe({userVisibleOnly: true,
/// applicationServerKey})` (decode the base64url into bytes first). It stays the same across
/// restarts and instances.
#[utoipa::path(
    get, path = "/push/vapid-public-key", tag = "push",
    responses(
        (status = 200, description = "The VAPID public key", body = VapidPublicKey),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn vapid_public_key(
    State(state): State<AppState>,
    _current: CurrentUser,
) -> ApiResult<Json<VapidPublicKey>> {
    Ok(Json(VapidPublicKey {
        public_key: state.push.public_key().to_owned(),
    }))
}
