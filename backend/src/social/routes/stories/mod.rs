//! Stories: the strip's circles, a user's live stories (a circle opened), creating and deleting
//! a story, recording a view, and the author's list of who viewed it. A story lives 24 hours
//! by the server's clock (`AppState::clock`).

mod stories_list;
mod story_create;
mod story_delete;
mod story_view;
mod story_viewers;
mod user_stories;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;
use crate::social::rules::story::STORY_NOT_FOUND;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            stories_list::list_stories,
            story_create::create_story
        ))
        .routes(routes!(story_view::view_story))
        .routes(routes!(story_delete::delete_story))
        .routes(routes!(story_viewers::list_story_viewers))
        .routes(routes!(user_stories::list_user_stories))
}
