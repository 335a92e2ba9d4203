//! The HTTP API, one folder per resource; files are `<noun>_<verb>.rs`. Handlers parse input
//! into domain types, call `db`, and answer; they never build SQL.

pub mod admin;
pub mod ads;
pub mod auth;
pub mod blocks;
pub mod canvases;
mod clean_text_doc;
pub mod comments;
pub mod conversations;
pub mod earnings;
pub mod follow_requests;
mod form;
mod idempotency;
pub mod notifications;
pub mod posts;
pub mod push;
pub mod reels;
pub mod reports;
pub mod rtc;
pub mod search;
pub mod shares;
pub mod shop;
pub mod stories;
pub mod tags;
pub mod tips;
pub mod user;
pub mod users;
pub mod voicemails;

use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::error::ErrorBody;
use crate::state::AppState;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Atelier API",
        description = "Social and chat platform for creators."
    ),
    // The socket's frames (DESIGN §4), one tagged enum per direction: no path carries them, so
    // they are listed here for the client's generated types.
    components(schemas(
        ErrorBody,
        // What a push carries to the service worker (no path answers it).
        crate::wire::push::PushPayload,
        crate::realtime::events::ServerEvent,
        crate::realtime::events::ClientEvent
    ))
)]
struct ApiDoc;

/// Every API route with its OpenAPI description.
pub fn router() -> OpenApiRouter<AppState> {
    let mut doc = ApiDoc::openapi();
    doc.info.license = None; // utoipa copies Cargo's (absent) license as an empty name
    OpenApiRouter::with_openapi(doc)
        .nest("/api/auth", auth::router())
        .nest("/api", posts::router())
        .nest("/api", stories::router())
        .nest("/api/ads", ads::router())
        .nest("/api", ads::admin_router())
        .nest("/api/admin", admin::router())
        .nest("/api", conversations::router())
        .nest("/api", users::router())
        .nest("/api/search", search::router())
        .nest("/api", search::all_router())
        .nest("/api/user", user::router())
        .nest("/api", voicemails::router())
        .nest("/api", rtc::router())
        .nest("/api", reels::router())
        .nest("/api", comments::router())
        .nest("/api", shop::router())
        .nest("/api", earnings::router())
        .nest("/api", tips::router())
        .nest("/api", tags::router())
        .nest("/api", shares::router())
        .nest("/api", blocks::router())
        .nest("/api", follow_requests::router())
        .nest("/api", notifications::router())
        .nest("/api", reports::router())
        .nest("/api", push::router())
        .nest("/api", canvases::router())
}

/// The API's routes and its OpenAPI document (served at /api/openapi.json).
pub fn split() -> (axum::Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, mut doc) = router().split_for_parts();
    document_origin_check(&mut doc);
    document_body_timeout(&mut doc);
    clean_text_doc::document(&mut doc);
    (router, doc)
}

/// The OpenAPI document (also served at /api/openapi.json).
pub fn openapi() -> utoipa::openapi::OpenApi {
    split().1
}

/// Every state-changing request passes the Origin check (web/origin.rs) before its handler,
/// so each such operation can answer 403; documented here once instead of on every handler.
fn document_origin_check(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    for item in doc.paths.paths.values_mut() {
        for operation in [
            &mut item.post,
            &mut item.put,
            &mut item.patch,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        {
            operation
                .responses
                .responses
                .entry("403".to_owned())
                .or_insert_with(|| {
                    ResponseBuilder::new()
                        .description("Cross-site request refused (Origin check)")
                        .content(
                            "application/json",
                            ContentBuilder::new()
                                .schema(Some(Ref::from_schema_name("ErrorBody")))
                                .build(),
                        )
                        .build()
                        .into()
                });
        }
    }
}

/// Every request body must keep arriving (web/serve.rs): an operation that reads one can answer
/// 408, documented here once.
fn document_body_timeout(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    for item in doc.paths.paths.values_mut() {
        for operation in [
            &mut item.post,
            &mut item.put,
            &mut item.patch,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
        .filter(|operation| operation.request_body.is_some())
        {
            operation
                .responses
                .responses
                .entry("408".to_owned())
                .or_insert_with(|| {
                    ResponseBuilder::new()
                        .description(
                            "The request body stopped arriving (no byte for \
                             --body-timeout-secs); the connection closes",
                        )
                        .content(
                            "application/json",
                            ContentBuilder::new()
                                .schema(Some(Ref::from_schema_name("ErrorBody")))
                                .build(),
                        )
                        .build()
                        .into()
                });
        }
    }
}
