use std::net::SocketAddr;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use serde::Deserialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use crate::auth::CurrentUser;
use crate::db::{self, ads::Click};
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::state::AppState;

const AD_NOT_FOUND: &str = "Ad not found";
/// Longest user agent kept for an anonymous viewer's key.
const USER_AGENT_MAX: usize = 512;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InteractionKind {
    Impression,
    Click,
}

/// An ad impression or click. The first client also sends `userId` and `ipAddress`; both are
/// ignored (the viewer is the session user, or the anonymous client itself).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InteractionRequest {
    #[serde(rename = "type")]
    pub kind: InteractionKind,
    /// The browser's user agent (used, with the address, to tell anonymous clients apart when
    /// the request carries no User-Agent header; only its first 512 characters count).
    pub user_agent: Option<String>,
}

/// Records an impression or a click; signed in or not (the spec allows a null user). An
/// impression is counted every time; a click adds the ad's cost per click to its revenue (never
/// past its budget) and counts once per viewer and ad in 10 minutes.
#[utoipa::path(
    post, path = "/{id}/interaction", tag = "ads",
    params(("id" = i64, Path, description = "Ad id")),
    request_body = InteractionRequest,
    responses(
        (status = 204, description = "Recorded (a repeated click is accepted and not counted)"),
        (status = 400, description = "Invalid id or type", body = ErrorBody),
        (status = 404, description = "No such ad, or it is not active", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn record_interaction(
    State(state): State<AppState>,
    current: Option<CurrentUser>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(ad_id): Path<i64>,
    Json(body): Json<InteractionRequest>,
) -> ApiResult<StatusCode> {
    let now = state.clock.now_ms();
    let found = match body.kind {
        InteractionKind::Impression => db::ads::record_impression(&state.db, ad_id, now).await?,
        InteractionKind::Click => {
            let viewer = viewer_key(current.as_ref(), peer, &headers, body.user_agent.as_deref());
            db::ads::record_click(&state.db, ad_id, &viewer, now).await? != Click::NotFound
        }
    };
    if found {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(AD_NOT_FOUND))
    }
}

/// Who clicked, for the dedupe: `u:{id}` for a user; for an anonymous client, a hash of its
/// address and user agent (the header, else the body's), so no address is stored.
fn viewer_key(
    current: Option<&CurrentUser>,
    peer: SocketAddr,
    headers: &HeaderMap,
    body_user_agent: Option<&str>,
) -> String {
    if let Some(current) = current {
        return format!("u:{}", current.user.id);
    }
    let agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .or(body_user_agent)
        .unwrap_or_default();
    let agent: String = agent.chars().take(USER_AGENT_MAX).collect();
    let digest = Sha256::digest(format!("{}\n{agent}", peer.ip()).as_bytes());
    let hex = hex::encode(&digest[..16]);
    format!("a:{hex}")
}
