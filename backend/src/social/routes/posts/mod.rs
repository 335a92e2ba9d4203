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

use crate::kernel::page::Page;
use crate::social::store::posts::PostView;
// The post routes answer an unknown id with it (so does social/routes/comments: it lives in the rules).
use crate::platform::db::Db;
use crate::platform::http::error::ApiResult;
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;
use crate::social::rules::post::POST_NOT_FOUND;
use crate::social::wire::post::posts_answer;

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

/// A page of posts with their images, and `X-Next-Cursor` when more follow.
async fn page_of_posts(
    db: &Db,
    rows: Vec<PostView>,
    page: Page,
) -> ApiResult<axum::response::Response> {
    let (rows, next) = page.split(rows, |row| row.cursor);
    Ok(paginated(posts_answer(db, rows).await?, next))
}
