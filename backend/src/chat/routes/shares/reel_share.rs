use axum::extract::State;
use axum::http::StatusCode;

use super::ShareRequest;
use crate::chat::service;
use crate::chat::store::messages::Shared;
use crate::chat::wire::Message;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::rules::reel::REEL_NOT_FOUND;

/// Shares a reel into a conversation: a `reel` message carrying its card, delivered to the
/// members as `newMessage`. The reel's `sharesCount` counts each sharer once.
#[utoipa::path(
    post, path = "/reels/{id}/share", tag = "chat",
    params(("id" = i64, Path, description = "The reel")),
    request_body = ShareRequest,
    responses(
        (status = 201, description = "The share message", body = Message),
        (status = 400, description = "Invalid id, or a missing or invalid conversationId", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or you can't message this account (one of you blocked the other); or its author turned '3D Content Sharing' off (`This creator doesn't allow sharing`; your own you always share)", body = ErrorBody),
        (status = 404, description = "Reel not found, or Conversation not found (or not yours)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Over the messaging limit (messages in 10 seconds); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn share_reel(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<ShareRequest>,
) -> ApiResult<(StatusCode, Json<Message>)> {
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    state.limits.check(Limit::Message, current.user.id).await?;
    let message = service::share(
        &state,
        current.user.id,
        body.conversation_id,
        Shared::Reel(id),
        REEL_NOT_FOUND,
    )
    .await?;
    Ok((StatusCode::CREATED, Json(message)))
}
