//! The social graph and what creators publish (docs/community-contract.md): posts, reels,
//! stories, comments, tags, search, profiles, follows and follow requests, mentions.

pub mod posting;
pub mod reel_upload;
pub mod refusals;
pub mod routes;
pub mod rules;
pub mod scheduled;
pub mod service;
pub mod store;
pub mod wire;

use utoipa_axum::router::OpenApiRouter;

pub use posting::{Draft, publish_post};
// What federation (issue 46) does for accounts of other servers, as their own acts here.
pub use service::{
    answer_request, comment, delete_post, edit_caption, follow, toggle_mark, unfollow,
};
// Who hears of a voice reaction's transcript (issue 47).
pub use service::transcribed;
pub use store::comments::{
    InsertError, Item, NewComment, item_sharing, item_visible, members_seeing,
};
pub use store::deletes::Deleted;
pub use store::follows::Followed;
pub use store::marks::POST_LIKE;

use crate::platform::state::AppState;

/// Posts, stories, reels, comments, tags, search, profiles and follows, nested at `/api`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(routes::posts::router())
        .merge(routes::stories::router())
        .merge(routes::users::router())
        .nest("/search", routes::search::router())
        .merge(routes::search::all_router())
        .merge(routes::reels::router())
        .merge(routes::comments::router())
        .merge(routes::tags::router())
        .merge(routes::follow_requests::router())
        .merge(routes::voice_reactions::router())
        .merge(routes::drafts::router())
        .merge(routes::reel_drafts::router())
        .merge(routes::collections::router())
        .routes(utoipa_axum::routes!(
            routes::settings::get_settings,
            routes::settings::update_settings
        ))
        .routes(utoipa_axum::routes!(routes::settings::transcription))
}
