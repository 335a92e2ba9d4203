//! An account's collections: `followers` and `following` (their actor ids, newest first, a
//! page at a time; a private account shows only the counts) and `outbox` (its latest posts as
//! `Create` activities; a private account's stay hidden).

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::federation::documents;
use crate::federation::store;
use crate::federation::wire::{activity_json, not_found, refusal, sender};
use crate::platform::http::error::Path;
use crate::platform::state::AppState;

/// Items on a page.
const PAGE: i64 = 40;

#[derive(Debug, Deserialize)]
pub struct PageQuery {
    /// Present: a page, of items below this id (`0`: the first).
    page: Option<i64>,
}

pub async fn followers(
    state: State<AppState>,
    username: Path<String>,
    query: Query<PageQuery>,
) -> Response {
    follows(state, username, query, true).await
}

pub async fn following(
    state: State<AppState>,
    username: Path<String>,
    query: Query<PageQuery>,
) -> Response {
    follows(state, username, query, false).await
}

async fn follows(
    State(state): State<AppState>,
    Path(username): Path<String>,
    Query(query): Query<PageQuery>,
    followers: bool,
) -> Response {
    let Some(sender) = sender(&state) else {
        return not_found();
    };
    let urls = sender.urls();
    let result = async {
        let Some(user) = store::local_actor(&state.db, &username).await? else {
            return Ok(None);
        };
        let id = format!(
            "{}/{}",
            urls.actor(&user.username),
            if followers { "followers" } else { "following" }
        );
        let hidden = user.private_account == 1;
        if let Some(before) = query.page.filter(|_| !hidden) {
            let before = if before <= 0 { i64::MAX } else { before };
            let rows = store::follow_page(&state.db, user.id, followers, before, PAGE).await?;
            let next = (rows.len() as i64 == PAGE)
                .then(|| rows.last().map(|(last, ..)| format!("{id}?page={last}")))
                .flatten();
            let items: Vec<Value> = rows
                .into_iter()
                .map(|(_, name, actor_url)| json!(actor_url.unwrap_or_else(|| urls.actor(&name))))
                .collect();
            let mut page = documents::collection_page(
                &format!("{id}?page={}", query.page.unwrap_or(0)),
                &id,
                items,
                next,
            );
            page["@context"] = documents::context();
            return Ok(Some(page));
        }
        let total = store::follow_count(&state.db, user.id, followers).await?;
        let first = (!hidden).then(|| json!(format!("{id}?page=0")));
        Ok::<_, sqlx::Error>(Some(documents::collection(&id, total, first)))
    }
    .await;
    answer(result)
}

pub async fn outbox(
    State(state): State<AppState>,
    Path(username): Path<String>,
    Query(query): Query<PageQuery>,
) -> Response {
    let Some(sender) = sender(&state) else {
        return not_found();
    };
    let urls = sender.urls();
    let result = async {
        let Some(user) = store::local_actor(&state.db, &username).await? else {
            return Ok(None);
        };
        let id = format!("{}/outbox", urls.actor(&user.username));
        let hidden = user.private_account == 1;
        if let Some(before) = query.page.filter(|_| !hidden) {
            let before = if before <= 0 { i64::MAX } else { before };
            let ids = store::recent_posts(&state.db, user.id, before, PAGE / 2).await?;
            let mut items = Vec::with_capacity(ids.len());
            for post in &ids {
                let Some(note_post) = store::note_post(&state.db, *post).await? else {
                    continue;
                };
                let note = sender
                    .note(&user.username, &note_post)
                    .await
                    .map_err(|err| sqlx::Error::Protocol(err.to_string()))?;
                let (to, cc) = (note["to"].clone(), note["cc"].clone());
                let mut create = documents::activity(
                    &format!("{}/activity", urls.note(*post)),
                    "Create",
                    &urls.actor(&user.username),
                    note,
                    to,
                    cc,
                );
                create.as_object_mut().map(|c| c.remove("@context"));
                items.push(create);
            }
            let next = (ids.len() as i64 == PAGE / 2)
                .then(|| ids.last().map(|last| format!("{id}?page={last}")))
                .flatten();
            let mut page = documents::collection_page(
                &format!("{id}?page={}", query.page.unwrap_or(0)),
                &id,
                items,
                next,
            );
            page["@context"] = documents::context();
            return Ok(Some(page));
        }
        let total = store::post_count(&state.db, user.id).await?;
        let first = (!hidden).then(|| json!(format!("{id}?page=0")));
        Ok::<_, sqlx::Error>(Some(documents::collection(&id, total, first)))
    }
    .await;
    answer(result)
}

fn answer(result: Result<Option<Value>, sqlx::Error>) -> Response {
    match result {
        Ok(Some(document)) => activity_json(document),
        Ok(None) => not_found(),
        Err(err) => {
            tracing::warn!(error = %err, "a collection could not be answered");
            refusal(StatusCode::SERVICE_UNAVAILABLE, "Try again later")
        }
    }
}
