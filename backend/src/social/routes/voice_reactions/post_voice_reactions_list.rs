use axum::extract::State;
use axum::response::Response;

use super::list_on;
use crate::identity::CurrentUser;
use crate::kernel::page::PageQuery;
use crate::platform::http::error::{ApiResult, ErrorBody, Path, Query};
use crate::platform::state::AppState;
use crate::social::store::comments::Item;
use crate::social::wire::voice_reaction::VoiceReactionPage;

/// The post's voice reactions the viewer may hear, newest first, by page: the post's author hears
/// them all, each sender their own, anyone else those whose sender turned 'Voice Reactions
/// Privacy' off. `counts` are of every reaction on the post, heard or not.
#[utoipa::path(
    get, path = "/posts/{id}/voice-reactions", tag = "voice-reactions",
    params(("id" = i64, Path, description = "Post id"), PageQuery),
    responses(
        (status = 200, description = "A page of voice reactions, newest first, with the counts by emotion", body = VoiceReactionPage,
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older voice reactions; absent on the last page"))),
        (status = 400, description = "Invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Post not found (or one you may not see)", body = ErrorBody),
    )
)]
pub async fn list_post_voice_reactions(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    list_on(&state, &current, Item::Post(id), &query).await
}
