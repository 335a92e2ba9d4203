use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::chat::rules::{GROUP_MEMBERS_MAX, parse_group_name};
use crate::chat::service::{self, one_conversation};
use crate::chat::store::conversations;
use crate::chat::store::conversations::Started;
use crate::chat::wire::Conversation;
use crate::identity::CurrentUser;
use crate::identity::rules::account::USER_NOT_FOUND;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

/// A one-to-one conversation with another user, or a new group (issue 22).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum StartConversationRequest {
    Direct(StartDirect),
    Group(StartGroup),
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StartDirect {
    /// The other person.
    #[schema(minimum = 1)]
    pub other_user_id: i64,
    /// Ignored: the spec's client also sends its own id; the session decides who you are.
    #[serde(default)]
    #[allow(dead_code)]
    pub user_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StartGroup {
    /// The people besides you: 2 to 31 (your own id and repeats are dropped).
    #[schema(min_items = 2, max_items = 31)]
    pub participant_ids: Vec<i64>,
    /// 1 to 60 characters, trimmed.
    #[schema(min_length = 1, max_length = 60)]
    pub name: String,
}

/// Starts the one-to-one conversation with another user, or answers the existing one (back in
/// your list if you had left it); or makes a group of you (its owner) and 2 to 31 others.
#[utoipa::path(
    post, path = "/conversations", tag = "chat",
    request_body = StartConversationRequest,
    responses(
        (status = 201, description = "Started", body = Conversation),
        (status = 200, description = "It already existed", body = Conversation),
        (status = 400, description = "Invalid body, yourself, a group of fewer than 2 others, or a bad name", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Someone to add blocked you, or you blocked them", body = ErrorBody),
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
    let now = state.clock.now_ms();
    let (status, id) = match body {
        StartConversationRequest::Direct(StartDirect { other_user_id, .. }) => {
            if other_user_id == me {
                return Err(ApiError::bad_request(
                    "You cannot start a conversation with yourself",
                ));
            }
            let started = conversations::start(&state.db, me, other_user_id, now)
                .await?
                .ok_or_else(|| ApiError::not_found(USER_NOT_FOUND))?;
            match started {
                Started::Created(id) => (StatusCode::CREATED, id),
                Started::Existing(id) => (StatusCode::OK, id),
            }
        }
        StartConversationRequest::Group(group) => {
            let name = parse_group_name(&group.name)?;
            let others = distinct_others(&group.participant_ids, me);
            if others.len() < 2 {
                return Err(ApiError::bad_request(
                    "A group needs at least 2 other people",
                ));
            }
            if others.len() >= GROUP_MEMBERS_MAX {
                return Err(ApiError::bad_request(format!(
                    "A group can have at most {GROUP_MEMBERS_MAX} members"
                )));
            }
            let id = service::start_group(&state, me, &others, &name, now).await?;
            (StatusCode::CREATED, id)
        }
    };
    Ok((status, Json(one_conversation(&state, me, id).await?)))
}

/// The ids without `me` and without repeats, in the order given.
pub(super) fn distinct_others(ids: &[i64], me: i64) -> Vec<i64> {
    let mut others: Vec<i64> = Vec::with_capacity(ids.len());
    for &id in ids {
        if id != me && !others.contains(&id) {
            others.push(id);
        }
    }
    others
}
