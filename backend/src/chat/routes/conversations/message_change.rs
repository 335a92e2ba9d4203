//! A sender's second thoughts (issue 43): editing a text message within 15 minutes, and
//! unsending any message of theirs. Both reach the members' sockets.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::members_for;
use crate::chat::rules::parse_message;
use crate::chat::service;
use crate::chat::store::messages::Change;
use crate::chat::wire::Message;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
pub struct EditMessageRequest {
    /// The new text: 1–4000 characters after trimming.
    #[schema(min_length = 1, max_length = 4000)]
    pub content: String,
}

/// Edits your own text message within 15 minutes of sending it; the members' sockets get
/// `messageEdited`, and the message carries `editedAt` from then on.
#[utoipa::path(
    patch, path = "/conversations/{id}/messages/{messageId}", tag = "chat",
    params(
        ("id" = i64, Path, description = "The conversation"),
        ("messageId" = i64, Path, description = "The message"),
    ),
    request_body = EditMessageRequest,
    responses(
        (status = 200, description = "The message as edited", body = Message),
        (status = 400, description = "Invalid ids, blank or too long text, or not a text message ('Only text messages can be edited', 'Call and group lines can't be changed')", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "'You can only change your own messages'; 'You can't message this account' (one of you blocked the other); or a cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Conversation or message not found", body = ErrorBody),
        (status = 409, description = "`edit_window_closed`: sent more than 15 minutes ago; `message_unsent`: unsent already", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Over the messaging limit (messages in 10 seconds); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn edit_message(
    State(state): State<AppState>,
    current: CurrentUser,
    Path((id, message_id)): Path<(i64, i64)>,
    Json(body): Json<EditMessageRequest>,
) -> ApiResult<Json<Message>> {
    let me = current.user.id;
    let content = parse_message(Some(&body.content))?;
    let members = members_for(&state, id, me, true).await?;
    state.limits.check(Limit::Message, me).await?;
    let change = Change::Edit(&content);
    Ok(Json(
        service::change_message(&state, &members, id, message_id, me, change).await?,
    ))
}

/// Unsends your own message: everyone sees 'Message removed' in its place (its text,
/// recording, card and reactions are gone); the members' sockets get `messageUnsent`.
/// Unsending it again changes nothing.
#[utoipa::path(
    delete, path = "/conversations/{id}/messages/{messageId}", tag = "chat",
    params(
        ("id" = i64, Path, description = "The conversation"),
        ("messageId" = i64, Path, description = "The message"),
    ),
    responses(
        (status = 204, description = "Unsent"),
        (status = 400, description = "Invalid ids, or a call or group line ('Call and group lines can't be changed')", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "'You can only change your own messages', or a cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Conversation or message not found", body = ErrorBody),
    )
)]
pub async fn unsend_message(
    State(state): State<AppState>,
    current: CurrentUser,
    Path((id, message_id)): Path<(i64, i64)>,
) -> ApiResult<StatusCode> {
    let me = current.user.id;
    let members = members_for(&state, id, me, false).await?;
    service::change_message(&state, &members, id, message_id, me, Change::Unsend).await?;
    Ok(StatusCode::NO_CONTENT)
}
