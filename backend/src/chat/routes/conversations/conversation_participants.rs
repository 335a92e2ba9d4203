//! A group's people (issue 22): the owner adds and removes them, anyone leaves. Leaving a
//! one-to-one conversation takes it out of your list until a new message brings it back.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::conversation_create::distinct_others;
use crate::chat::service::{self, one_conversation};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};

use crate::chat::wire::Conversation;
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddParticipantsRequest {
    /// The people to add: 1 to 31 (repeats and your own id are dropped); the group holds 32.
    #[schema(min_items = 1, max_items = 31)]
    pub user_ids: Vec<i64>,
}

/// Adds people to a group (its owner only); each gets an 'added' line and every member, the
/// new ones included, hears `conversationUpdated`.
#[utoipa::path(
    post, path = "/conversations/{id}/participants", tag = "chat",
    params(("id" = i64, Path, description = "The conversation")),
    request_body = AddParticipantsRequest,
    responses(
        (status = 200, description = "Added", body = Conversation),
        (status = 400, description = "Invalid body, nobody to add, or a one-to-one conversation", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "You are not the group's owner, or someone to add blocked you or you blocked them", body = ErrorBody),
        (status = 404, description = "Conversation or user not found", body = ErrorBody),
        (status = 409, description = "Someone is in the group already", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "More than 32 members in all", body = ErrorBody),
    )
)]
pub async fn add_participants(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<AddParticipantsRequest>,
) -> ApiResult<Json<Conversation>> {
    let me = current.user.id;
    let users = distinct_others(&body.user_ids, me);
    if users.is_empty() {
        // Outsiders learn nothing, not even that the list was empty.
        super::require_member(&state, id, me).await?;
        return Err(ApiError::bad_request("Choose someone to add"));
    }
    let now = state.clock.now_ms();
    service::add_members(&state, id, me, &users, now).await?;
    Ok(Json(one_conversation(&state, me, id).await?))
}

/// Leaves the conversation: it leaves your list and you stop receiving its events. A
/// one-to-one conversation's history stays for the other person, and a new message from them,
/// or starting it again, brings it back; a group's owner hands over to its longest-standing
/// member.
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
    take_out(&state, id, me, me).await
}

/// Takes someone out of a group: the owner removes a member (403 for anyone else); your own id
/// is leaving, as `/participants/me`.
#[utoipa::path(
    delete, path = "/conversations/{id}/participants/{userId}", tag = "chat",
    params(
        ("id" = i64, Path, description = "The conversation"),
        ("userId" = i64, Path, description = "The member to remove (your own id: leave)"),
    ),
    responses(
        (status = 204, description = "Removed"),
        (status = 400, description = "Invalid id, or a one-to-one conversation", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "You are not the group's owner", body = ErrorBody),
        (status = 404, description = "Conversation not found (or not yours), or that person is not in it", body = ErrorBody),
    )
)]
pub async fn remove_participant(
    State(state): State<AppState>,
    current: CurrentUser,
    Path((id, user_id)): Path<(i64, i64)>,
) -> ApiResult<StatusCode> {
    take_out(&state, id, current.user.id, user_id).await
}

async fn take_out(state: &AppState, id: i64, me: i64, target: i64) -> ApiResult<StatusCode> {
    service::take_out(state, id, me, target).await?;
    Ok(StatusCode::NO_CONTENT)
}
