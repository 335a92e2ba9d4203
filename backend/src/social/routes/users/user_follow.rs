use axum::extract::State;

use crate::identity::CurrentUser;
use crate::identity::rules::account::USER_NOT_FOUND;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::service;
use crate::social::store::follows;
use crate::social::store::follows::Followed;
use crate::social::wire::follow::FollowState;

const FOLLOW_YOURSELF: &str = "You cannot follow yourself";

/// Follows the user, or asks to when the account is private (`isRequested`, and `isFollowing`
/// false until its owner approves); following or asking again changes nothing.
#[utoipa::path(
    post, path = "/users/{id}/follow", tag = "users",
    params(("id" = i64, Path, description = "The user to follow")),
    responses(
        (status = 200, description = "Following", body = FollowState),
        (status = 400, description = "Invalid id, or yourself", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "User not found", body = ErrorBody),
        (status = 429, description = "Over the follow limit (follows an hour); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn follow(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(user_id): Path<i64>,
) -> ApiResult<Json<FollowState>> {
    state.limits.check(Limit::Follow, current.user.id).await?;
    if user_id == current.user.id {
        return Err(ApiError::bad_request(FOLLOW_YOURSELF));
    }
    match service::follow(&state, current.user.id, user_id).await? {
        Followed::Following => answer(&state, user_id, true, false).await,
        Followed::Requested => answer(&state, user_id, false, true).await,
        Followed::NotFound => Err(ApiError::not_found(USER_NOT_FOUND)),
    }
}

/// Stops following the user, or withdraws a request to; unfollowing someone you do not follow
/// changes nothing.
#[utoipa::path(
    delete, path = "/users/{id}/follow", tag = "users",
    params(("id" = i64, Path, description = "The user to unfollow")),
    responses(
        (status = 200, description = "Not following", body = FollowState),
        (status = 400, description = "Invalid id, or yourself", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "User not found", body = ErrorBody),
    )
)]
pub async fn unfollow(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(user_id): Path<i64>,
) -> ApiResult<Json<FollowState>> {
    if user_id == current.user.id {
        return Err(ApiError::bad_request(FOLLOW_YOURSELF));
    }
    if !service::unfollow(&state, current.user.id, user_id).await? {
        return Err(ApiError::not_found(USER_NOT_FOUND));
    }
    answer(&state, user_id, false, false).await
}

async fn answer(
    state: &AppState,
    user_id: i64,
    is_following: bool,
    is_requested: bool,
) -> ApiResult<Json<FollowState>> {
    let followers_count = follows::followers_count(&state.db, user_id).await?;
    Ok(Json(FollowState {
        is_following,
        is_requested,
        followers_count,
    }))
}
