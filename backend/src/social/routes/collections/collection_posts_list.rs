use axum::extract::State;
use axum::response::Response;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path, Query};
use crate::platform::state::AppState;
use crate::social::rules::collection::COLLECTION_NOT_FOUND;
use crate::social::store::collections;
use crate::social::wire::post::{Post, page_of_posts};

/// The posts in one of your collections (issue 44), most recently added first: those you may
/// still see.
#[utoipa::path(
    get, path = "/collections/{id}/posts", tag = "collections",
    params(("id" = i64, Path, description = "Collection id"), PageQuery),
    responses(
        (status = 200, description = "A page of the collection's posts", body = [Post],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Collection not found (or not yours)", body = ErrorBody),
    )
)]
pub async fn list_collection_posts(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let me = current.user.id;
    let page = Page::parse(&query)?;
    if !collections::is_owners(&state.db, me, id).await? {
        return Err(ApiError::not_found(COLLECTION_NOT_FOUND));
    }
    let rows = collections::posts(&state.db, me, id, page).await?;
    page_of_posts(&state, rows, page).await
}
