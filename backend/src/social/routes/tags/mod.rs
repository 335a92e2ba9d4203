//! Tags (docs/community-contract.md): a tag's count and its posts, newest first. The path's
//! tag is normalised as a post's tags[] entry is ('%23Sunset' finds 'sunset').

mod tag_get;
mod tag_posts;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(tag_get::get_tag))
        .routes(routes!(tag_posts::list_tag_posts))
}
