use axum::extract::State;

use super::one_collection;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json, Path};
use crate::platform::state::AppState;
use crate::social::wire::collection::Collection;

/// One of your collections (issue 44).
#[utoipa::path(
    get, path = "/collections/{id}", tag = "collections",
    params(("id" = i64, Path, description = "Collection id")),
    responses(
        (status = 200, description = "The collection", body = Collection),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Collection not found (or not yours)", body = ErrorBody),
    )
)]
pub async fn get_collection(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<Collection>> {
    Ok(Json(one_collection(&state.db, current.user.id, id).await?))
}
