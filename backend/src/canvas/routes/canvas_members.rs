use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{joinable, one_canvas};
use crate::canvas::rules::CANVAS_MEMBERS_MAX;
use crate::canvas::service;
use crate::canvas::wire::Canvas;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteCanvasRequest {
    /// People you follow: 1 to 63 (repeats and your own id are dropped); a canvas has 64
    /// people at most, you included.
    #[schema(min_items = 1, max_items = 63)]
    pub user_ids: Vec<i64>,
}

/// Invites people you follow to your canvas: they may join it, it is in their list, and each
/// one newly invited gets a `canvas_invite` notification that opens it.
#[utoipa::path(
    post, path = "/canvases/{id}/members", tag = "canvases",
    params(("id" = i64, Path, description = "The canvas")),
    request_body = InviteCanvasRequest,
    responses(
        (status = 200, description = "Invited; the canvas with its people", body = Canvas),
        (status = 400, description = "Invalid body, or nobody to invite", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not your canvas (you may join it); or someone to invite is not a person you follow (a block either way ends a follow)", body = ErrorBody),
        (status = 404, description = "Canvas not found", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 422, description = "More than 64 people in all", body = ErrorBody),
    )
)]
pub async fn invite_members(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<InviteCanvasRequest>,
) -> ApiResult<Json<Canvas>> {
    let me = current.user.id;
    let mut users: Vec<i64> = body.user_ids.into_iter().filter(|u| *u != me).collect();
    users.sort_unstable();
    users.dedup();
    if users.is_empty() || users.len() >= CANVAS_MEMBERS_MAX {
        // Outsiders learn nothing, not even that the list was wrong.
        joinable(&state, me, id).await?;
        return Err(ApiError::bad_request(format!(
            "Choose 1 to {} people to invite",
            CANVAS_MEMBERS_MAX - 1
        )));
    }
    service::invite(&state, me, id, &users).await??;
    Ok(Json(one_canvas(&state, me, id).await?))
}
