//! `POST /users/{username}/inbox` and `POST /inbox` (the shared inbox): an activity from
//! another server, verified and done (federation/inbox.rs). 202 once taken; 400 for what is
//! not an activity, 401 for a signature refused, 403 for a blocked server, 413 past 256 KB.

use axum::body::{Body, to_bytes};
use axum::extract::State;
use axum::http::{Request, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::federation::inbox;
use crate::federation::store;
use crate::federation::wire::{not_found, refusal, sender};
use crate::platform::http::error::Path;
use crate::platform::state::AppState;

/// The largest activity taken (Mastodon's limit is far above any real one; ours too).
const ACTIVITY_MAX: usize = 256 * 1024;

pub async fn user_inbox(
    State(state): State<AppState>,
    Path(username): Path<String>,
    request: Request<Body>,
) -> Response {
    match store::local_actor(&state.db, &username).await {
        Ok(Some(_)) => take(state, request).await,
        Ok(None) => not_found(),
        Err(err) => {
            tracing::warn!(error = %err, "an inbox's owner could not be read");
            refusal(StatusCode::SERVICE_UNAVAILABLE, "Try again later")
        }
    }
}

pub async fn shared_inbox(State(state): State<AppState>, request: Request<Body>) -> Response {
    take(state, request).await
}

async fn take(state: AppState, request: Request<Body>) -> Response {
    let Some(sender) = sender(&state) else {
        return not_found();
    };
    let (mut parts, body) = request.into_parts();
    let Ok(bytes) = to_bytes(body, ACTIVITY_MAX).await else {
        return refusal(
            StatusCode::PAYLOAD_TOO_LARGE,
            "The activity is larger than 256 KB",
        );
    };
    // The signature covers the URL the sender used: this server's public one (RFC 9421's
    // `@target-uri`), of which the listener saw only the path.
    let path = parts
        .uri
        .path_and_query()
        .map_or("/", |path| path.as_str())
        .to_owned();
    if let Ok(uri) = format!("{}{path}", sender.urls().base).parse() {
        parts.uri = uri;
    }
    let request = Request::from_parts(parts, bytes.to_vec());
    match inbox::receive(&state, sender, request).await {
        Ok(()) => StatusCode::ACCEPTED.into_response(),
        Err(rejected) => {
            tracing::info!(error = %rejected, "an activity was refused");
            rejected.into_response()
        }
    }
}
