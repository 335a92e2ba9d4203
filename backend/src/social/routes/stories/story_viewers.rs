use axum::extract::State;
use axum::response::Response;

use super::STORY_NOT_FOUND;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;
use crate::social::rules::story::VIEWERS_AUTHOR_ONLY;
use crate::social::store::stories;
use crate::social::wire::follow::PersonListed;

/// Who saw your story (issue 43), the latest first, each with your follow state; the author
/// only. Accounts deactivated or blocked either way are left out.
#[utoipa::path(
    get, path = "/stories/{id}/viewers", tag = "stories",
    params(("id" = i64, Path, description = "Story id"), PageQuery),
    responses(
        (status = 200, description = "A page of the story's viewers, the latest first", body = [PersonListed],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`Only the story's author can see its viewers`", body = ErrorBody),
        (status = 404, description = "No such story (or hidden from you, or expired)", body = ErrorBody),
    )
)]
pub async fn list_story_viewers(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(story_id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let me = current.user.id;
    let author = stories::author_of(&state.db, me, story_id, state.clock.now_ms())
        .await?
        .ok_or_else(|| ApiError::not_found(STORY_NOT_FOUND))?;
    if author != me {
        return Err(ApiError::Forbidden(VIEWERS_AUTHOR_ONLY));
    }
    let rows = stories::viewers(&state.db, me, story_id, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter().map(PersonListed::from).collect(),
        next,
    ))
}
