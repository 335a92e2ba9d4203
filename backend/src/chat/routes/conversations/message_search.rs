use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::IntoParams;

use super::require_member;
use crate::chat::service::with_reactions;
use crate::chat::store::messages;
use crate::chat::wire::{Message, write_messages};
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path, Query};
use crate::platform::http::wire::paginated_json;
use crate::platform::state::AppState;

/// The longest search text.
const WORDS_MAX: usize = 100;
pub const SEARCH_REQUIRED: &str = "Type something to search for";
pub const SEARCH_TOO_LONG: &str = "Search must be under 100 characters";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MessageSearch {
    /// The words to find (case-insensitive), 1–100 characters.
    #[param(
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000][^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$"
    )]
    pub q: String,
}

/// 'Search in conversation': the conversation's messages that say `q`, in their text or, for
/// voice messages, in what the server heard them say (issue 47); newest first.
#[utoipa::path(
    get, path = "/conversations/{id}/messages/search", tag = "chat",
    params(("id" = i64, Path, description = "The conversation"), MessageSearch, PageQuery),
    responses(
        (status = 200, description = "The messages found, newest first", body = [Message],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older matches; absent at the last"))),
        (status = 400, description = "No or too long search text, an invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Conversation not found (or not yours)", body = ErrorBody),
    )
)]
pub async fn search_messages(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Query(search): Query<MessageSearch>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let words = search.q.trim();
    if words.is_empty() {
        return Err(ApiError::bad_request(SEARCH_REQUIRED));
    }
    if words.chars().count() > WORDS_MAX {
        return Err(ApiError::bad_request(SEARCH_TOO_LONG));
    }
    let me = current.user.id;
    require_member(&state, id, me).await?;
    let rows = messages::search(&state.db, me, id, page, words).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    let messages = with_reactions(&state, me, id, rows).await?;
    // Newest first, as found (the list reads them oldest first).
    let messages: Vec<Message> = messages.into_iter().rev().collect();
    Ok(paginated_json(write_messages(&messages), next))
}
