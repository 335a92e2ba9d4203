use axum::extract::State;

use super::{CollectionName as NameBody, one_collection, refusal};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::rules::collection::CollectionName;
use crate::social::store::collections;
use crate::social::wire::collection::Collection;

/// Renames one of your collections (issue 44).
#[utoipa::path(
    patch, path = "/collections/{id}", tag = "collections",
    params(("id" = i64, Path, description = "Collection id")),
    request_body = NameBody,
    responses(
        (status = 200, description = "The collection renamed", body = Collection),
        (status = 400, description = "Invalid id, 'Give the collection a name' or a name over 50 characters", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Collection not found (or not yours)", body = ErrorBody),
        (status = 409, description = "`name_taken`: you already have a collection with that name", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn update_collection(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<NameBody>,
) -> ApiResult<Json<Collection>> {
    let me = current.user.id;
    let name = CollectionName::parse(body.name.as_deref())?;
    collections::rename(
        &state.db,
        me,
        id,
        &name.name,
        &name.key,
        state.clock.now_ms(),
    )
    .await?
    .map_err(refusal)?;
    Ok(Json(one_collection(&state.db, me, id).await?))
}
