use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::push::store;
use crate::platform::state::AppState;

/// The subscription to end.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PushEndpoint {
    pub endpoint: String,
}

/// Unsubscribes this browser: the session user's subscription of the endpoint ends, with its
/// waiting pushes. An endpoint the caller does not have (never subscribed, already gone, or
/// another account's) changes nothing and answers 204 too, so the answer tells nothing about
/// other accounts' endpoints.
#[utoipa::path(
    delete, path = "/push/subscriptions", tag = "push",
    request_body = PushEndpoint,
    responses(
        (status = 204, description = "Not subscribed (any more)"),
        (status = 400, description = "No endpoint in the body", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn unsubscribe(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<PushEndpoint>,
) -> ApiResult<StatusCode> {
    store::unsubscribe(&state.db, current.user.id, body.endpoint.trim()).await?;
    Ok(StatusCode::NO_CONTENT)
}
