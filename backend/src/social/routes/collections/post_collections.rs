use axum::extract::State;

use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::store::collections;
use crate::social::wire::collection::PostCollections;

/// Which of your collections hold a post (issue 44): the ticks of its save menu.
#[utoipa::path(
    get, path = "/posts/{id}/collections", tag = "collections",
    params(("id" = i64, Path, description = "Post id")),
    responses(
        (status = 200, description = "Your collections holding it (none for a post you have not saved, or may not see)", body = PostCollections),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn post_collections(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(post): Path<i64>,
) -> ApiResult<Json<PostCollections>> {
    Ok(Json(PostCollections {
        collection_ids: collections::holding(&state.db, current.user.id, post).await?,
    }))
}
