use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CONVERSATION_NOT_FOUND, Message, MessageType};
use crate::auth::CurrentUser;
use crate::db;
use crate::db::messages::{NewMessage, PostError};
use crate::domain::parse_message;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::realtime::events::ServerEvent;
use crate::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewMessageRequest {
    /// The text, 1–4000 characters after trimming.
    #[schema(required = true, max_length = 4000)]
    pub content: Option<String>,
    /// `text` (default). Voice messages arrive with the voice issue.
    pub message_type: Option<MessageType>,
    /// A message of the same conversation this one answers.
    #[schema(minimum = 1)]
    pub reply_to_id: Option<i64>,
}

/// Sends a text message; every member's sockets get `newMessage`, and the conversation moves to
/// the top of both lists (back into the other person's if they had left it).
#[utoipa::path(
    post, path = "/conversations/{id}/messages", tag = "chat",
    params(("id" = i64, Path, description = "The conversation")),
    request_body = NewMessageRequest,
    responses(
        (status = 201, description = "The message", body = Message),
        (status = 400, description = "Blank or too long, a reply to a message of another conversation, or a voice message", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Conversation not found (or not yours)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn send_message(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<NewMessageRequest>,
) -> ApiResult<(StatusCode, Json<Message>)> {
    let me = current.user.id;
    if body.message_type == Some(MessageType::Voice) {
        return Err(ApiError::bad_request(
            "Voice messages cannot be sent yet: send text",
        ));
    }
    let content = parse_message(body.content.as_deref())?;
    let posted = db::messages::post(
        &state.db,
        NewMessage {
            conversation_id: id,
            sender_id: me,
            content: &content,
            reply_to_id: body.reply_to_id,
            created_at: state.clock.now_ms(),
        },
    )
    .await
    .map_err(|err| match err {
        PostError::NotMember => ApiError::not_found(CONVERSATION_NOT_FOUND),
        PostError::ReplyNotFound => ApiError::bad_request("Reply target not found"),
        PostError::Db(err) => err.into(),
    })?;
    // New: nobody has reacted yet.
    let message = Message::from_row(posted.message, Vec::new());
    state.realtime.publish(
        &posted.people,
        &ServerEvent::NewMessage {
            conversation_id: id,
            message: Box::new(message.clone()),
        },
    );
    Ok((StatusCode::CREATED, Json(message)))
}
