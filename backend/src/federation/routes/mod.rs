//! The ActivityPub and discovery endpoints other servers call (not under `/api`, and not in
//! the OpenAPI document: their shapes are the protocols'). Each answers 404 while federation
//! is off.

pub mod accounts;
mod actors;
pub mod admin;
mod discovery;
mod inbox;

use axum::Router;
use axum::routing::{get, post};

use crate::platform::state::AppState;

pub fn protocol_router() -> Router<AppState> {
    Router::new()
        .route(
            "/.well-known/webfinger",
            get(discovery::webfinger_get::webfinger),
        )
        .route(
            "/.well-known/host-meta",
            get(discovery::host_meta_get::host_meta),
        )
        .route(
            "/.well-known/nodeinfo",
            get(discovery::nodeinfo_get::nodeinfo_links),
        )
        .route("/nodeinfo/2.1", get(discovery::nodeinfo_get::nodeinfo))
        .route("/actor", get(actors::actor_get::instance_actor))
        .route("/users/{username}", get(actors::actor_get::actor))
        .route(
            "/users/{username}/followers",
            get(actors::collections_get::followers),
        )
        .route(
            "/users/{username}/following",
            get(actors::collections_get::following),
        )
        .route(
            "/users/{username}/outbox",
            get(actors::collections_get::outbox),
        )
        .route("/ap/posts/{id}", get(actors::note_get::note))
        .route(
            "/users/{username}/inbox",
            post(inbox::inbox_post::user_inbox),
        )
        .route("/inbox", post(inbox::inbox_post::shared_inbox))
}
