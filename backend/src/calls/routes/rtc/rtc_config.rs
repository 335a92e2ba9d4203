use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::realtime::ice::IceServer;
use crate::platform::state::AppState;

/// `RTCConfiguration` as the browser takes it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RtcConfig {
    /// Two public STUN servers, then the TURN server when one is configured.
    pub ice_servers: Vec<IceServer>,
}

/// The ICE servers for the session user's calls. The TURN entry's credentials are the TURN REST
/// API scheme's: username `{expiry unix seconds}:{userId}` (valid 24 h), credential
/// base64(HMAC-SHA1(secret, username)).
#[utoipa::path(
    get, path = "/rtc/config", tag = "calls",
    responses(
        (status = 200, description = "The ICE servers", body = RtcConfig),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn rtc_config(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<RtcConfig>> {
    // TURN servers check the expiry against the real time, not the app's clock of time rules.
    let now_secs = crate::platform::db::now_ms() / 1000;
    Ok(Json(RtcConfig {
        ice_servers: state.ice.servers_for(current.user.id, now_secs),
    }))
}
