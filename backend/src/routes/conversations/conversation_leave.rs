use axum::extract::State;
use axum::http::StatusCode;

use super::CONVERSATION_NOT_FOUND;
use crate::auth::CurrentUser;
use crate::db;
use crate::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::realtime::events::ServerEvent;
use crate::state::AppState;

/// Leaves the conversation: it leaves your list and you stop receiving its events. Its history
/// stays for the other person; a new message from them, or starting it again, brings it back.
#[utoipa::path(
    delete, path = "/conversations/{id}/participants/me", tag = "chat",
    params(("id" = i64, Path, description = "The conversation")),
    responses(
        (status = 204, description = "Left"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Conversation not found (or not yours)", body = ErrorBody),
    )
)]
pub async fn leave_conversation(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    let me = current.user.id;
    if !db::conversations::leave(&state.db, id, me).await? {
        return Err(ApiError::not_found(CONVERSATION_NOT_FOUND));
    }
    // Your other devices drop it from their lists.
    state.realtime.publish(
        &[me],
        &ServerEvent::ConversationUpdated {
            conversation_id: id,
        },
    );
    Ok(StatusCode::NO_CONTENT)
}
