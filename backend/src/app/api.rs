//! The HTTP API: every area's router under `/api`, and the OpenAPI document of it all.

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{OneOfBuilder, Schema};
use utoipa::{OpenApi, PartialSchema, ToSchema};
use utoipa_axum::router::OpenApiRouter;

use crate::calls::events::{CallEvent, CallFrame};
use crate::canvas::events::{CanvasEvent, CanvasFrame};
use crate::chat::events::{ChatEvent, ChatFrame};
use crate::notifications::events::NotificationEvent;
use crate::platform::http::error::{ErrorBody, error_answer};
use crate::platform::realtime::events::{SocketEvent, SocketFrame};
use crate::platform::state::AppState;
use crate::platform::transcribe::TranscriptEvent;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Atelier API",
        description = "Social and chat platform for creators."
    ),
    // The socket's frames, each direction one tagged union of every area's events: no path
    // carries them, so they are listed here for the client's generated types.
    components(schemas(
        ErrorBody,
        // What a push carries to the service worker (no path answers it).
        crate::platform::push::wire::PushPayload,
        ServerEvent,
        ClientEvent
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
        .nest("/api", crate::federation::router())
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

/// Every state-changing request passes the Origin check (platform/http/origin.rs) before its
/// handler, so each such operation can answer 403; documented here once instead of on every
/// handler.
fn document_origin_check(doc: &mut utoipa::openapi::OpenApi) {
    for operation in state_changing(doc) {
        operation
            .responses
            .responses
            .entry("403".to_owned())
            .or_insert_with(|| error_answer("Cross-site request refused (Origin check)"));
    }
}

/// Every request body must keep arriving (platform/http/serve.rs): an operation that reads one
/// can answer 408, documented here once.
fn document_body_timeout(doc: &mut utoipa::openapi::OpenApi) {
    for operation in state_changing(doc).filter(|operation| operation.request_body.is_some()) {
        operation
            .responses
            .responses
            .entry("408".to_owned())
            .or_insert_with(|| {
                error_answer(
                    "The request body stopped arriving (no byte for --body-timeout-secs); the \
                     connection closes",
                )
            });
    }
}

/// The POST, PUT, PATCH and DELETE operations of the document.
fn state_changing(
    doc: &mut utoipa::openapi::OpenApi,
) -> impl Iterator<Item = &mut utoipa::openapi::path::Operation> {
    doc.paths.paths.values_mut().flat_map(|item| {
        [
            &mut item.post,
            &mut item.put,
            &mut item.patch,
            &mut item.delete,
        ]
        .into_iter()
        .flatten()
    })
}

/// A socket direction's frames documented as one schema: the union of the areas' tagged enums,
/// their variants in the document's order of `type`s.
macro_rules! socket_union {
    ($(#[$doc:meta])* $name:ident, $description:literal, [$($area:ty),+ $(,)?], $order:expr) => {
        $(#[$doc])*
        pub struct $name;

        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                union($description, [$(<$area>::schema()),+], $order)
            }
        }

        impl ToSchema for $name {
            fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
                $(<$area>::schemas(schemas);)+
            }
        }
    };
}

socket_union!(
    /// What the server sends on the socket: every area's events.
    ServerEvent,
    "What the server sends.",
    [
        ChatEvent,
        CallEvent,
        NotificationEvent,
        CanvasEvent,
        TranscriptEvent,
        SocketEvent
    ],
    &[
        "newMessage",
        "reaction",
        "typing",
        "stopTyping",
        "presence",
        "conversationUpdated",
        "incomingCall",
        "callAccepted",
        "callRejected",
        "callEnded",
        "iceCandidate",
        "voicemail",
        "notification",
        "unreadCount",
        "read",
        "messageEdited",
        "messageUnsent",
        "transcript",
        "canvasStroke",
        "canvasUndo",
        "canvasCleared",
        "canvasCursor",
        "canvasLeft",
        "canvasPresence",
        "pong",
        "error",
    ]
);

socket_union!(
    /// What a client may send on the socket: every area's frames.
    ClientEvent,
    "What a client may send.",
    [ChatFrame, CallFrame, SocketFrame, CanvasFrame],
    &[
        "userOnline",
        "typing",
        "stopTyping",
        "initiateCall",
        "acceptCall",
        "rejectCall",
        "endCall",
        "iceCandidate",
        "ping",
        "canvasJoin",
        "canvasLeave",
        "canvasStroke",
        "canvasCursor",
        "canvasUndo",
        "canvasClear",
    ]
);

/// The variants of tagged enums as one `oneOf`, in `order` of their `type`.
fn union<const N: usize>(
    description: &str,
    enums: [RefOr<Schema>; N],
    order: &[&str],
) -> RefOr<Schema> {
    let mut variants: Vec<(usize, RefOr<Schema>)> = enums
        .into_iter()
        .flat_map(|schema| match schema {
            RefOr::T(Schema::OneOf(one_of)) => one_of.items,
            other => vec![other],
        })
        .map(|variant| {
            let tag = serde_json::to_value(&variant).ok().and_then(|value| {
                value["properties"]["type"]["enum"][0]
                    .as_str()
                    .map(str::to_owned)
            });
            let place = tag
                .and_then(|tag| order.iter().position(|known| *known == tag))
                .expect("every socket event has its place in the document's order");
            (place, variant)
        })
        .collect();
    variants.sort_by_key(|(place, _)| *place);
    variants
        .into_iter()
        .fold(OneOfBuilder::new(), |one_of, (_, variant)| {
            one_of.item(variant)
        })
        .description(Some(description))
        .into()
}
