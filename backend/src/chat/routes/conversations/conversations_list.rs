use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::chat::service::conversations;
use crate::chat::store::conversations as chat_conversations;
use crate::chat::wire::Conversation;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

/// Which of your conversations to list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FolderQuery {
    /// `true`: your message requests (issue 43); absent or `false`: your inbox.
    pub requests: Option<bool>,
}

/// The session user's conversations, most recent activity first: the inbox, or with
/// `requests=true` the message requests (from people you don't follow and have never written
/// to, until you accept them).
#[utoipa::path(
    get, path = "/conversations", tag = "chat",
    params(FolderQuery, PageQuery),
    responses(
        (status = 200, description = "A page of conversations, most recent activity first", body = [Conversation],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid limit, cursor or `requests`", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_conversations(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(folder): Query<FolderQuery>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let requests = folder.requests.unwrap_or(false);
    let rows = chat_conversations::list(&state.db, current.user.id, requests, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated::<Conversation>(
        conversations(&state, rows).await?,
        next,
    ))
}
