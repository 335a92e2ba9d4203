use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CONVERSATION_NOT_FOUND, MESSAGE_NOT_FOUND};
use crate::chat::store::conversations::ReadTo;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};

use crate::chat::service;
use crate::chat::store::conversations;
use crate::notifications::wire::UnreadCount;
use crate::platform::state::AppState;

/// How far you have read.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadRequest {
    /// The newest message of the conversation you have seen.
    #[schema(minimum = 1)]
    pub message_id: i64,
}

/// Moves your read pointer in the conversation forward to the message (never back): the
/// other's messages up to it are no longer unread. When it moves, the other members hear
/// `read` on their sockets, if both you and they have read receipts on.
#[utoipa::path(
    post, path = "/conversations/{id}/read", tag = "chat",
    params(("id" = i64, Path, description = "The conversation")),
    request_body = ReadRequest,
    responses(
        (status = 204, description = "Read up to the message (a pointer past it already stays)"),
        (status = 400, description = "Invalid id, or no such message in this conversation (`Message not found`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Conversation not found (or not yours)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn read_conversation(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<ReadRequest>,
) -> ApiResult<StatusCode> {
    let me = current.user.id;
    match service::read_to(&state, id, me, body.message_id).await? {
        ReadTo::Done(_) => Ok(StatusCode::NO_CONTENT),
        ReadTo::NotMember => Err(ApiError::not_found(CONVERSATION_NOT_FOUND)),
        ReadTo::NotThere => Err(ApiError::bad_request(MESSAGE_NOT_FOUND)),
    }
}

/// How many of the others' messages you have not read, over your 200 most recently active
/// conversations, counted to 100 (the Messages tab's badge reads '99+' beyond 99).
#[utoipa::path(
    get, path = "/conversations/unread-count", tag = "chat",
    responses(
        (status = 200, description = "Your unread messages", body = UnreadCount),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn unread_messages(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<UnreadCount>> {
    let count = conversations::unread_total(&state.db, current.user.id).await?;
    Ok(Json(UnreadCount { count }))
}
