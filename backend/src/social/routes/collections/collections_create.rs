use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::{one_collection, refusal};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;
use crate::social::rules::collection::{COLLECTIONS_MAX, CollectionName};
use crate::social::store::collections;
use crate::social::wire::collection::Collection;

/// A new collection, and the post to put in it first.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewCollection {
    /// 1 to 50 characters, trimmed; unlike your other collections' names (case aside).
    #[schema(required = true, min_length = 1, max_length = 50)]
    pub name: Option<String>,
    /// A post you may see, put in the new collection (and saved, if it was not).
    pub post_id: Option<i64>,
}

/// Makes a collection of saved posts (issue 44), holding `postId` when one is given ('New
/// collection' from a post's save menu).
#[utoipa::path(
    post, path = "/collections", tag = "collections",
    request_body = NewCollection,
    responses(
        (status = 201, description = "The collection", body = Collection),
        (status = 400, description = "'Give the collection a name', a name over 50 characters, 'You can have at most 100 collections', or 'Post not found' (a `postId` naming no post you may see); no collection is made", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request (Origin check)", body = ErrorBody),
        (status = 409, description = "`name_taken`: you already have a collection with that name", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn create_collection(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<NewCollection>,
) -> ApiResult<(StatusCode, Json<Collection>)> {
    let me = current.user.id;
    let name = CollectionName::parse(body.name.as_deref())?;
    let now = state.clock.now_ms();
    let id = collections::insert(
        &state.db,
        me,
        &name.name,
        &name.key,
        body.post_id,
        COLLECTIONS_MAX,
        now,
    )
    .await?
    .map_err(refusal)?;
    Ok((
        StatusCode::CREATED,
        Json(one_collection(&state.db, me, id).await?),
    ))
}
