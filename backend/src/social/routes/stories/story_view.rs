use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::STORY_NOT_FOUND;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::store::stories;
use crate::social::store::stories::Viewed;

/// {viewsCount}: a story's count after a view: its author's to know (issue 43), null for
/// everyone else.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoryViews {
    #[schema(required = true)]
    pub views_count: Option<i64>,
}

/// Records that the session user saw the story. Each viewer counts once; the author's own
/// views are not counted; only the author is told the count. Any body is ignored.
#[utoipa::path(
    post, path = "/stories/{id}/view", tag = "stories",
    params(("id" = i64, Path, description = "Story id")),
    responses(
        (status = 200, description = "The story's view count", body = StoryViews),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such story, or it expired", body = ErrorBody),
    )
)]
pub async fn view_story(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(story_id): Path<i64>,
) -> ApiResult<Json<StoryViews>> {
    match stories::record_view(&state.db, current.user.id, story_id, state.clock.now_ms()).await? {
        Viewed::Counted {
            views_count,
            author,
        } => Ok(Json(StoryViews {
            views_count: (author == current.user.id).then_some(views_count),
        })),
        Viewed::NotFound => Err(ApiError::not_found(STORY_NOT_FOUND)),
    }
}
