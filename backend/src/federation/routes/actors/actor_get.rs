//! `GET /users/{username}`: the account as a `Person` for a server asking for ActivityPub JSON,
//! and the profile page for a browser. `GET /actor`: the instance actor.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};

use crate::federation::documents;
use crate::federation::store;
use crate::federation::wire::{activity_json, not_found, refusal, sender, wants_activity_json};
use crate::platform::http::error::Path;
use crate::platform::state::AppState;

pub async fn actor(
    State(state): State<AppState>,
    Path(username): Path<String>,
    headers: HeaderMap,
) -> Response {
    let Some(sender) = sender(&state) else {
        return not_found();
    };
    if !wants_activity_json(headers.get(header::ACCEPT)) {
        return Redirect::to(&format!("/profile/{username}")).into_response();
    }
    let user = match store::local_actor(&state.db, &username).await {
        Ok(Some(user)) => user,
        Ok(None) => return not_found(),
        Err(err) => return unavailable(err.into()),
    };
    match sender.user_key(user.id).await {
        Ok((_, public)) => activity_json(documents::person(sender.urls(), &user, &public)),
        Err(err) => unavailable(err),
    }
}

pub async fn instance_actor(State(state): State<AppState>) -> Response {
    let Some(sender) = sender(&state) else {
        return not_found();
    };
    match sender.instance_key().await {
        Ok((_, public)) => activity_json(documents::instance_actor(sender.urls(), &public)),
        Err(err) => unavailable(err),
    }
}

fn unavailable(err: anyhow::Error) -> Response {
    tracing::warn!(error = %err, "an actor could not be answered");
    refusal(StatusCode::SERVICE_UNAVAILABLE, "Try again later")
}
