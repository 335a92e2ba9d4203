//! Users and follows: a profile by username with its
//! counts, following and unfollowing, the follow status, the skill matcher's matches, and people
//! to follow.

mod user_by_username;
mod user_follow;
mod user_follow_status;
mod users_skill_matches;
mod users_suggestions;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(user_by_username::profile_by_username))
        .routes(routes!(user_follow::follow, user_follow::unfollow))
        .routes(routes!(user_follow_status::follow_status))
        .routes(routes!(users_skill_matches::skill_matches))
        .routes(routes!(users_suggestions::suggestions))
}
