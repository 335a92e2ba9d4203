use axum::extract::State;
use axum::http::StatusCode;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;
use crate::social::service;

const REQUEST_NOT_FOUND: &str = "Follow request not found";

/// Approves a request to follow you: its sender follows you from now on.
#[utoipa::path(
    post, path = "/follow-requests/{id}/approve", tag = "follows",
    params(("id" = i64, Path, description = "The request's id")),
    responses(
        (status = 204, description = "Approved: they follow you"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Follow request not found (or not to you)", body = ErrorBody),
    )
)]
pub async fn approve(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    answer(&state, &current, id, true).await
}

/// Declines a request to follow you; its sender is not told.
#[utoipa::path(
    post, path = "/follow-requests/{id}/decline", tag = "follows",
    params(("id" = i64, Path, description = "The request's id")),
    responses(
        (status = 204, description = "Declined"),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Follow request not found (or not to you)", body = ErrorBody),
    )
)]
pub async fn decline(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<StatusCode> {
    answer(&state, &current, id, false).await
}

async fn answer(
    state: &AppState,
    current: &CurrentUser,
    id: i64,
    approve: bool,
) -> ApiResult<StatusCode> {
    service::answer_request(state, current.user.id, id, approve)
        .await?
        .ok_or_else(|| ApiError::not_found(REQUEST_NOT_FOUND))?;
    Ok(StatusCode::NO_CONTENT)
}
