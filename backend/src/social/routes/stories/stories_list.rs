use axum::extract::State;
use axum::response::Response;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody};
use crate::platform::http::wire::paginated_json;
use crate::platform::state::AppState;
use crate::social::store::stories;
use crate::social::wire::story::{StoryStripGroup, write_strip};

/// The stories strip: one circle per user with live stories — the session user's own first,
/// then the users they follow by their latest story, then everyone else by their latest story —
/// at most 50. A circle's stories are read when it is opened (`GET /api/users/{id}/stories`).
#[utoipa::path(
    get, path = "/stories", tag = "stories",
    responses(
        (status = 200, description = "The strip's circles, in its order", body = [StoryStripGroup]),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_stories(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Response> {
    let rows = stories::strip(&state.db, current.user.id, state.clock.now_ms()).await?;
    Ok(paginated_json(write_strip(&rows), None))
}
