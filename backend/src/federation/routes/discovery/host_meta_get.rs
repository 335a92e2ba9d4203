//! `GET /.well-known/host-meta` (RFC 6415): where WebFinger is, for older servers.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use crate::federation::wire::{not_found, sender};
use crate::platform::state::AppState;

pub async fn host_meta(State(state): State<AppState>) -> Response {
    let Some(sender) = sender(&state) else {
        return not_found();
    };
    let xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <XRD xmlns=\"http://docs.oasis-open.org/ns/xri/xrd-1.0\">\n  \
         <Link rel=\"lrdd\" template=\"{}/.well-known/webfinger?resource={{uri}}\"/>\n\
         </XRD>\n",
        sender.urls().base
    );
    (
        [(header::CONTENT_TYPE, "application/xrd+xml; charset=utf-8")],
        xml,
    )
        .into_response()
}
