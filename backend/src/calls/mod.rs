//! Audio calls and voicemail (docs/voice-contract.md): ringing and WebRTC signalling over the
//! socket, the ICE servers, and voicemails left when a call is not answered.

pub mod events;
pub mod routes;
pub mod rules;
pub mod service;
pub mod signalling;
pub mod store;
pub mod wire;

use utoipa_axum::router::OpenApiRouter;

use crate::platform::state::AppState;

/// Voicemails and the ICE servers, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::voicemails::router())
        .merge(routes::rtc::router())
}
pub use service::transcribed;
