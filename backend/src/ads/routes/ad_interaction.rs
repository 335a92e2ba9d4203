use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use crate::ads::store;
use crate::ads::store::{Click, Impression};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;

const AD_NOT_FOUND: &str = "Ad not found";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InteractionKind {
    Impression,
    Click,
}

/// An ad impression or click. Older clients also send `userId`, `ipAddress` and `userAgent`;
/// all are ignored (the viewer is the session user, or the anonymous client's address).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InteractionRequest {
    #[serde(rename = "type")]
    pub kind: InteractionKind,
}

/// Records an impression or a click; signed in or not (the spec allows a null user). Each counts
/// once per viewer and ad in 10 minutes: the viewer is the signed-in user, else the client's
/// address (issue 39: the User-Agent, which a script changes at will, is no part of it). A
/// counted click adds the ad's cost per click to its revenue (never past its budget). An address
/// past 30 interactions a minute is answered 429 and not counted.
#[utoipa::path(
    post, path = "/{id}/interaction", tag = "ads",
    params(("id" = i64, Path, description = "Ad id")),
    request_body = InteractionRequest,
    responses(
        (status = 204, description = "Recorded (a repeat within 10 minutes is accepted and not counted)"),
        (status = 400, description = "Invalid id or type", body = ErrorBody),
        (status = 404, description = "No such ad, or it is not active", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "More than 30 interactions a minute from this address: not counted (Retry-After says when to try again)", body = ErrorBody,
         headers(("Retry-After" = u64, description = "Seconds until the address may report again"))),
    )
)]
pub async fn record_interaction(
    State(state): State<AppState>,
    current: Option<CurrentUser>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(ad_id): Path<i64>,
    Json(body): Json<InteractionRequest>,
) -> ApiResult<StatusCode> {
    state.limits.check(Limit::AdInteraction, peer.ip()).await?;
    let now = state.clock.now_ms();
    let viewer = viewer_key(current.as_ref(), peer.ip());
    let found = match body.kind {
        InteractionKind::Impression => {
            store::record_impression(&state.db, ad_id, &viewer, now).await? != Impression::NotFound
        }
        InteractionKind::Click => {
            store::record_click(&state.db, ad_id, &viewer, now).await? != Click::NotFound
        }
    };
    if found {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found(AD_NOT_FOUND))
    }
}

/// Who saw or clicked, for the dedupe: `u:{id}` for a user; for an anonymous client, a hash of
/// its address, so no address is stored.
fn viewer_key(current: Option<&CurrentUser>, ip: IpAddr) -> String {
    if let Some(current) = current {
        return format!("u:{}", current.user.id);
    }
    let digest = Sha256::digest(ip.to_string().as_bytes());
    format!("a:{}", hex::encode(&digest[..16]))
}
