use axum::extract::State;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;
use crate::social::store::stories;
use crate::social::wire::story::{StoryGroup, groups_of};

/// The stories strip: live stories grouped by user — the session user's own group first, then
/// the users they follow by their latest story, then everyone else by their latest story — at
/// most 50 groups, each group's stories oldest first.
#[utoipa::path(
    get, path = "/stories", tag = "stories",
    responses(
        (status = 200, description = "The story groups, in the strip's order", body = [StoryGroup]),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_stories(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Vec<StoryGroup>>> {
    let rows = stories::strip(&state.db, current.user.id, state.clock.now_ms()).await?;
    Ok(Json(groups_of(rows, current.user.id)))
}
