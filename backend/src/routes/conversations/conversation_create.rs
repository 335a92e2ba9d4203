use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{CONVERSATION_NOT_FOUND, conversations};
use crate::auth::CurrentUser;
use crate::db;
use crate::db::conversations::Started;
use crate::domain::USER_NOT_FOUND;
use crate::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::state::AppState;
use crate::wire::chat::Conversation;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StartConversationRequest {
    /// The other person. (The first client also sends its own user id; the session decides.)
    #[schema(minimum = 1)]
    pub other_user_id: i64,
}

/// Starts the one-to-one conversation with another user, or answers the existing one (back in
/// your list if you had left it).
#[utoipa::path(
    post, path = "/conversations", tag = "chat",
    request_body = StartConversationRequest,
    responses(
        (status = 201, description = "Started", body = Conversation),
        (status = 200, description = "It already existed", body = Conversation),
        (status = 400, description = "Invalid body, or yourself", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "User not found", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn start_conversation(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<StartConversationRequest>,
) -> ApiResult<(StatusCode, Json<Conversation>)> {
    let me = current.user.id;
    if body.other_user_id == me {
        return Err(ApiError::bad_request(
            "You cannot start a conversation with yourself",
        ));
    }
    let now = state.clock.now_ms();
    let started = db::conversations::start(&state.db, me, body.other_user_id, now)
        .await?
        .ok_or_else(|| ApiError::not_found(USER_NOT_FOUND))?;
    let (status, id) = match started {
        Started::Created(id) => (StatusCode::CREATED, id),
        Started::Existing(id) => (StatusCode::OK, id),
    };
    let row = db::conversations::find(&state.db, me, id)
        .await?
        .ok_or_else(|| ApiError::not_found(CONVERSATION_NOT_FOUND))?;
    let conversation = conversations(&state, vec![row]).await.remove(0);
    Ok((status, Json(conversation)))
}
