use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::CurrentUser;
use crate::notifications::notices;
use crate::notifications::store::READ_IDS_MAX;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

/// Which notifications to mark read: `ids`, or every one with `all: true`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
// Its own name: the chat's read pointer is `ReadRequest` too, and one name would document both
// bodies as whichever router came first.
#[schema(as = NotificationReadRequest)]
pub struct ReadRequest {
    /// Your notifications' ids, 1–100 of them (others' and unknown ids are ignored).
    #[schema(min_items = 1, max_items = 100)]
    pub ids: Option<Vec<i64>>,
    /// `true`: every notification of yours.
    pub all: Option<bool>,
}

/// Marks notifications read. Your sockets hear the new `unreadCount`.
#[utoipa::path(
    post, path = "/notifications/read", tag = "notifications",
    request_body = ReadRequest,
    responses(
        (status = 204, description = "Marked read (those already read, and ids not yours, are left as they were)"),
        (status = 400, description = "Neither `ids` nor `all: true`, both, or over 100 ids", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn read_notifications(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<ReadRequest>,
) -> ApiResult<StatusCode> {
    let me = current.user.id;
    let ids = match (body.ids.as_deref(), body.all) {
        (Some(ids), None | Some(false)) if !ids.is_empty() && ids.len() <= READ_IDS_MAX => {
            Some(ids)
        }
        (None, Some(true)) => None,
        _ => {
            return Err(ApiError::bad_request(
                "Give ids (1 to 100 of them) or all: true",
            ));
        }
    };
    notices::mark_read(&state, me, ids, state.clock.now_ms()).await?;
    Ok(StatusCode::NO_CONTENT)
}
