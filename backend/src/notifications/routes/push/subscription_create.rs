use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::CurrentUser;
use crate::notifications::rules::push::PushKeys;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::push::guard;
use crate::platform::push::store;
use crate::platform::push::store::Subscribed;
use crate::platform::push::wire::PushSubscriptionSaved;
use crate::platform::state::AppState;

/// A browser's push subscription: `PushSubscription.toJSON()` as it is (its `expirationTime`
/// is ignored).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewPushSubscription {
    /// The push service's URL for this browser: https, at a public address.
    #[schema(max_length = 2000)]
    pub endpoint: String,
    pub keys: PushSubscriptionKeys,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushSubscriptionKeys {
    /// The browser's P-256 public key: 65 bytes (an uncompressed point), base64url.
    pub p256dh: String,
    /// The browser's auth secret: 16 bytes, base64url.
    pub auth: String,
}

/// Subscribes this browser to pushes for the session user. The endpoint must be https to a
/// public address: its host is resolved and every address checked (no loopback, private,
/// link-local, shared, documentation, multicast or metadata address). Subscribing a known
/// endpoint again answers 200 and refreshes its keys; if another account had it (the browser
/// changed hands), it is now the caller's and that account's waiting pushes for it are
/// dropped. An account keeps its 10 newest subscriptions.
#[utoipa::path(
    post, path = "/push/subscriptions", tag = "push",
    request_body = NewPushSubscription,
    responses(
        (status = 201, description = "Subscribed", body = PushSubscriptionSaved),
        (status = 200, description = "Subscribed before: keys refreshed, now the caller's", body = PushSubscriptionSaved),
        (status = 400, description = "An endpoint that is not https, not a URL, or not at a public address, or that does not resolve; a p256dh key that is not a P-256 point; an auth secret that is not 16 bytes", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn subscribe(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<NewPushSubscription>,
) -> ApiResult<(StatusCode, Json<PushSubscriptionSaved>)> {
    let keys = PushKeys::parse(&body.keys.p256dh, &body.keys.auth)?;
    let endpoint = body.endpoint.trim();
    guard::check(endpoint, state.push.allow_loopback())
        .await
        .map_err(|refused| ApiError::bad_request(refused.to_string()))?;
    let subscribed = store::subscribe(
        &state.db,
        current.user.id,
        endpoint,
        &keys.p256dh,
        &keys.auth,
    )
    .await?;
    let status = match subscribed {
        Subscribed::Created => StatusCode::CREATED,
        Subscribed::Existing => StatusCode::OK,
    };
    Ok((
        status,
        Json(PushSubscriptionSaved {
            endpoint: endpoint.to_owned(),
        }),
    ))
}
