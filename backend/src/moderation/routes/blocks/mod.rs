//! Blocks and mutes (issue 20): block or mute an account and take it back, and the list of
//! the accounts you blocked (settings › Blocked accounts).

mod blocks_list;
mod user_block;
mod user_mute;

use axum::http::StatusCode;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::identity::CurrentUser;
use crate::identity::rules::account::USER_NOT_FOUND;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(user_block::block, user_block::unblock))
        .routes(routes!(user_mute::mute, user_mute::unmute))
        .routes(routes!(blocks_list::list_blocks))
}

/// `user_id`, unless it is the caller's own (400 `yourself`).
fn someone_else(current: &CurrentUser, user_id: i64, yourself: &'static str) -> ApiResult<i64> {
    if user_id == current.user.id {
        return Err(ApiError::bad_request(yourself));
    }
    Ok(user_id)
}

/// 204, or 404 when the account was not found.
fn done(found: bool) -> ApiResult<StatusCode> {
    if !found {
        return Err(ApiError::not_found(USER_NOT_FOUND));
    }
    Ok(StatusCode::NO_CONTENT)
}
