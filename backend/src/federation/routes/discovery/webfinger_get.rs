//! `GET /.well-known/webfinger?resource=acct:maya@host` (RFC 7033): the account's actor, for
//! servers that know only a handle. The actor URL itself is accepted as a resource too.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use serde_json::json;

use crate::federation::documents::ACTIVITY_JSON;
use crate::federation::store;
use crate::federation::wire::{document, not_found, refusal, sender};
use crate::platform::state::AppState;

#[derive(Debug, Deserialize)]
pub struct WebfingerQuery {
    resource: Option<String>,
}

pub async fn webfinger(
    State(state): State<AppState>,
    Query(query): Query<WebfingerQuery>,
) -> Response {
    let Some(sender) = sender(&state) else {
        return not_found();
    };
    let Some(resource) = query.resource.filter(|r| !r.is_empty()) else {
        return refusal(StatusCode::BAD_REQUEST, "Give a resource: acct:name@host");
    };
    let urls = sender.urls();
    let username = match resource.strip_prefix("acct:") {
        Some(handle) => {
            let handle = handle.trim_start_matches('@');
            match handle.rsplit_once('@') {
                Some((name, host)) if host.eq_ignore_ascii_case(&urls.host()) => name.to_owned(),
                _ => return not_found(),
            }
        }
        None => match urls.local_username(&resource) {
            Some(name) => name.to_owned(),
            None => return not_found(),
        },
    };
    let user = match store::local_actor(&state.db, &username).await {
        Ok(Some(user)) => user,
        Ok(None) => return not_found(),
        Err(err) => {
            tracing::warn!(error = %err, "webfinger lookup failed");
            return refusal(StatusCode::SERVICE_UNAVAILABLE, "Try again later");
        }
    };
    let actor = urls.actor(&user.username);
    document(
        "application/jrd+json",
        json!({
            "subject": format!("acct:{}@{}", user.username, urls.host()),
            "aliases": [actor, urls.profile_page(&user.username)],
            "links": [
                { "rel": "self", "type": ACTIVITY_JSON, "href": actor },
                { "rel": "http://webfinger.net/rel/profile-page", "type": "text/html",
                  "href": urls.profile_page(&user.username) }
            ]
        }),
    )
}
