//! WebRTC: the ICE servers a browser configures its calls with (platform/realtime/ice.rs). The call
//! signalling itself travels over the socket (calls/signalling.rs).

mod rtc_config;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(rtc_config::rtc_config))
}
