//! Posts, likes and bookmarks: the home gallery, a profile's posts, the
//! SAVED list, one post, creating and deleting a post, and the like and bookmark toggles with their status
//! reads. Their comments are social/routes/comments.

mod bookmarks_list;
mod post_bookmark;
mod post_bookmark_status;
mod post_delete;
mod post_get;
mod post_history;
mod post_like;
mod post_like_status;
mod post_update;
mod posts_by_user;
mod posts_create;
mod posts_list;
mod posts_trending;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;
// The post routes answer an unknown id with it (so does social/routes/comments: it lives in the rules).
use crate::social::rules::post::POST_NOT_FOUND;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(posts_list::list_posts, posts_create::create_post))
        .routes(routes!(posts_trending::list_trending))
        .routes(routes!(
            post_get::get_post,
            post_delete::delete_post,
            post_update::update_post
        ))
        .routes(routes!(post_history::post_history))
        .routes(routes!(posts_by_user::list_user_posts))
        .routes(routes!(post_like::toggle_like))
        .routes(routes!(post_like_status::like_status))
        .routes(routes!(post_bookmark::toggle_bookmark))
        .routes(routes!(post_bookmark_status::bookmark_status))
        .routes(routes!(bookmarks_list::list_bookmarks))
}
