use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::members_for;
use crate::chat::rules::parse_emoji;
use crate::chat::service;
use crate::chat::wire::Message;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReactionRequest {
    /// One emoji, e.g. ❤️ or 👍.
    #[schema(min_length = 1, max_length = 16)]
    pub emoji: String,
}

/// Toggles the session user's reaction with this emoji on a message; the members' sockets get
/// `reaction`.
#[utoipa::path(
    post, path = "/conversations/{id}/messages/{messageId}/reactions", tag = "chat",
    params(
        ("id" = i64, Path, description = "The conversation"),
        ("messageId" = i64, Path, description = "The message"),
    ),
    request_body = ReactionRequest,
    responses(
        (status = 200, description = "The message with its reactions after the toggle", body = Message),
        (status = 400, description = "Invalid ids, or not an emoji", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "'You can't message this account' (one of you blocked the other), or a cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Conversation or message not found", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn toggle_reaction(
    State(state): State<AppState>,
    current: CurrentUser,
    Path((id, message_id)): Path<(i64, i64)>,
    Json(body): Json<ReactionRequest>,
) -> ApiResult<Json<Message>> {
    let me = current.user.id;
    let emoji = parse_emoji(&body.emoji)?;
    // Who hears it: the members now (one who left does not).
    let members = members_for(&state, id, me, true).await?;
    Ok(Json(
        service::toggle_reaction(&state, &members, id, message_id, me, emoji).await?,
    ))
}
