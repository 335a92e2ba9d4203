//! Message requests (issue 43, as on Instagram): accepting one moves it to your inbox;
//! deleting one takes it out of your list. The sender is told neither.

use axum::extract::State;
use axum::http::StatusCode;

use crate::chat::service;
use crate::chat::wire::Conversation;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

/// Accepts a message request: the conversation moves to your inbox (and its messages count as
/// unread there). Your other devices get `conversationUpdated`; the sender is not told.
#[utoipa::path(
    post, path = "/conversations/{id}/accept", tag = "chat",
    params(("id" = i64, Path, description = "The conversation")),
    responses(
        (status = 200, description = "The conversation, in your inbox now", body = Conversation),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Conversation not found (or not yours)", body = ErrorBody),
        (status = 409, description = "`not_a_request`: the conversation is in your inbox already", body = ErrorBody),
    )
)]
pub async fn accept_request(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Conversation>> {
    Ok(Json(
        service::accept_request(&state, id, current.user.id).await?,
    ))
}

/// Deletes a message request: the conversation leaves your list (a later message from them
/// brings it back as a request). Your other devices get `conversationUpdated` with null; the
/// sender is not told.
#[utoipa::path(
    delete, path = "/conversations/{id}/request", tag = "chat",
    params(("id" = i64, Path, description = "The conversation")),
    responses(
        (status = 204, description = "Deleted from your requests"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Conversation not found (or not yours)", body = ErrorBody),
        (status = 409, description = "`not_a_request`: the conversation is in your inbox (leave it instead)", body = ErrorBody),
    )
)]
pub async fn delete_request(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    service::delete_request(&state, id, current.user.id).await?;
    Ok(StatusCode::NO_CONTENT)
}
