//! `GET /ap/posts/{id}`: a public post as its `Note` (a private account's is not served: its
//! followers received it signed).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};

use crate::federation::store;
use crate::federation::wire::{activity_json, not_found, refusal, sender, wants_activity_json};
use crate::platform::http::error::Path;
use crate::platform::state::AppState;

pub async fn note(
    State(state): State<AppState>,
    Path(id): Path<i64>,
    headers: HeaderMap,
) -> Response {
    let Some(sender) = sender(&state) else {
        return not_found();
    };
    if !wants_activity_json(headers.get(header::ACCEPT)) {
        return Redirect::to(&format!("/p/{id}")).into_response();
    }
    let result = async {
        let Some(post) = store::note_post(&state.db, id).await? else {
            return Ok(None);
        };
        if post.private_account == 1 || post.remote == 1 {
            return Ok(None);
        }
        let Some(author) = store::local_actor_by_id(&state.db, post.user_id).await? else {
            return Ok(None);
        };
        let mut note = sender.note(&author.username, &post).await?;
        note["@context"] = crate::federation::documents::context();
        Ok::<_, anyhow::Error>(Some(note))
    }
    .await;
    match result {
        Ok(Some(note)) => activity_json(note),
        Ok(None) => not_found(),
        Err(err) => {
            tracing::warn!(error = %err, "a note could not be answered");
            refusal(StatusCode::SERVICE_UNAVAILABLE, "Try again later")
        }
    }
}
