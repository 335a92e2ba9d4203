use axum::extract::State;

use super::{CollectionPost, one_collection, refusal};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::store::collections;
use crate::social::wire::collection::Collection;

/// Puts a post in one of your collections (issue 44), saving it if it was not saved; a post
/// already in it stays as it was.
#[utoipa::path(
    post, path = "/collections/{id}/posts", tag = "collections",
    params(("id" = i64, Path, description = "Collection id")),
    request_body = CollectionPost,
    responses(
        (status = 200, description = "The collection with the post in it", body = Collection),
        (status = 400, description = "Invalid id, no `postId`, or 'Post not found' (a `postId` naming no post you may see)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Collection not found (or not yours)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn add_collection_post(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<CollectionPost>,
) -> ApiResult<Json<Collection>> {
    let me = current.user.id;
    collections::add(&state.db, me, id, body.post_id, state.clock.now_ms())
        .await?
        .map_err(refusal)?;
    Ok(Json(one_collection(&state.db, me, id).await?))
}
