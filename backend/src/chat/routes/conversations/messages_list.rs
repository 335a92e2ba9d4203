use axum::extract::State;
use axum::response::Response;

use super::require_member;
use crate::chat::service::with_reactions;
use crate::chat::store::messages;
use crate::chat::wire::{Message, write_messages};
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Path, Query};
use crate::platform::http::wire::paginated_json;
use crate::platform::state::AppState;

/// A page of a conversation's messages, oldest to newest: the `limit` newest before the cursor.
#[utoipa::path(
    get, path = "/conversations/{id}/messages", tag = "chat",
    params(("id" = i64, Path, description = "The conversation"), PageQuery),
    responses(
        (status = 200, description = "Messages, oldest first", body = [Message],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older messages; absent at the first message"))),
        (status = 400, description = "Invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Conversation not found (or not yours)", body = ErrorBody),
    )
)]
pub async fn list_messages(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let me = current.user.id;
    require_member(&state, id, me).await?;
    let rows = messages::page(&state.db, me, id, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    let messages = with_reactions(&state, me, id, rows).await?;
    Ok(paginated_json(write_messages(&messages), next))
}
