//! NodeInfo 2.1: `GET /.well-known/nodeinfo` names the document, `GET /nodeinfo/2.1` is it:
//! the software, the protocol, and usage (accounts, active ones, posts).

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use serde_json::json;

use crate::federation::wire::{document, not_found, refusal, sender};
use crate::platform::state::AppState;

const SCHEMA: &str = "http://nodeinfo.diaspora.software/ns/schema/2.1";
const PROFILE: &str =
    "application/json; profile=\"http://nodeinfo.diaspora.software/ns/schema/2.1#\"";

pub async fn nodeinfo_links(State(state): State<AppState>) -> Response {
    let Some(sender) = sender(&state) else {
        return not_found();
    };
    document(
        "application/json",
        json!({
            "links": [{ "rel": SCHEMA, "href": format!("{}/nodeinfo/2.1", sender.urls().base) }]
        }),
    )
}

pub async fn nodeinfo(State(state): State<AppState>) -> Response {
    let Some(sender) = sender(&state) else {
        return not_found();
    };
    let (users, month, half_year, posts) = match sender.usage().await {
        Ok(usage) => usage,
        Err(err) => {
            tracing::warn!(error = %err, "nodeinfo usage failed");
            return refusal(StatusCode::SERVICE_UNAVAILABLE, "Try again later");
        }
    };
    document(
        PROFILE,
        json!({
            "version": "2.1",
            "software": {
                "name": "atelier",
                "version": env!("CARGO_PKG_VERSION"),
                "homepage": state.public_url.as_ref(),
            },
            "protocols": ["activitypub"],
            "services": { "inbound": [], "outbound": [] },
            "openRegistrations": true,
            "usage": {
                "users": { "total": users, "activeMonth": month, "activeHalfyear": half_year },
                "localPosts": posts,
            },
            "metadata": { "nodeName": "Atelier" },
        }),
    )
}
