//! Users and follows: a profile by username with its
//! counts, following and unfollowing, the follow status, the followers and following lists, the
//! skill matcher's matches, and people to follow.

mod user_by_username;
mod user_follow;
mod user_follow_status;
mod user_followers;
mod user_following;
mod users_skill_matches;
mod users_suggestions;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use axum::response::Response;

use crate::identity::rules::account::USER_NOT_FOUND;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;
use crate::social::store::follows::{self, Side};
use crate::social::wire::follow::PersonListed;

/// A private account's lists are closed to those who do not follow it.
const PRIVATE_LISTS: &str = "This account is private";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(user_by_username::profile_by_username))
        .routes(routes!(user_follow::follow, user_follow::unfollow))
        .routes(routes!(user_follow_status::follow_status))
        .routes(routes!(user_followers::list_followers))
        .routes(routes!(user_following::list_following))
        .routes(routes!(users_skill_matches::skill_matches))
        .routes(routes!(users_suggestions::suggestions))
}

/// A page of `user`'s followers or following for `reader`, under the lists' privacy rule
/// (`follows::lists_open`).
async fn people_page(
    state: &AppState,
    reader: i64,
    user: i64,
    side: Side,
    query: &PageQuery,
) -> ApiResult<Response> {
    let page = Page::parse(query)?;
    match follows::lists_open(&state.db, reader, user).await? {
        None => return Err(ApiError::not_found(USER_NOT_FOUND)),
        Some(false) => return Err(ApiError::Forbidden(PRIVATE_LISTS)),
        Some(true) => {}
    }
    let rows = follows::list(&state.db, reader, user, side, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter().map(PersonListed::from).collect(),
        next,
    ))
}
