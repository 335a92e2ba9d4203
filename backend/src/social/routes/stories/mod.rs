//! Stories: the strip's groups, creating a story, and recording a
//! view. A story lives 24 hours by the server's clock (`AppState::clock`).

mod stories_list;
mod story_create;
mod story_view;

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
}
