//! The social graph and what creators publish (docs/community-contract.md): posts, reels,
//! stories, comments, tags, search, profiles, follows and follow requests, mentions.

pub mod posting;
pub mod store;
pub mod rules;
pub mod wire;
pub mod routes;

use utoipa_axum::router::OpenApiRouter;

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
}
