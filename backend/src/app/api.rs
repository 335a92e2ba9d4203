//! The HTTP API, one folder per resource; files are `<noun>_<verb>.rs`. Handlers parse input
//! into domain types, call `db`, and answer; they never build SQL.


use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::platform::http::error::ErrorBody;
use crate::platform::state::AppState;

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
        crate::platform::push::wire::PushPayload,
        crate::platform::realtime::events::ServerEvent,
        crate::platform::realtime::events::ClientEvent
    ))
)]
struct ApiDoc;

/// Every API route with its OpenAPI description.
pub fn router() -> OpenApiRouter<AppState> {
    let mut doc = ApiDoc::openapi();
    doc.info.license = None; // utoipa copies Cargo's (absent) license as an empty name
    OpenApiRouter::with_openapi(doc)
        .nest("/api", crate::identity::router())
        .nest("/api", crate::notifications::router())
        .nest("/api", crate::social::router())
        .nest("/api", crate::chat::router())
        .nest("/api", crate::calls::router())
        .nest("/api", crate::canvas::router())
        .nest("/api", crate::economy::router())
        .nest("/api", crate::ads::router())
        .nest("/api", crate::moderation::router())
        .nest("/api", crate::admin::router())
        .nest("/api", crate::export::router())
}

/// The API's routes and its OpenAPI document (served at /api/openapi.json).
pub fn split() -> (axum::Router<AppState>, utoipa::openapi::OpenApi) {
    let (router, mut doc) = router().split_for_parts();
    document_origin_check(&mut doc);
    document_body_timeout(&mut doc);
    crate::app::clean_text_doc::document(&mut doc);
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
