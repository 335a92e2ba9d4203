use axum::extract::State;
use axum::response::Response;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Path, Query};
use crate::platform::state::AppState;
use crate::social::store::posts;
use crate::social::wire::post::{Post, page_of_posts};

/// One user's posts, newest first (a profile's POSTS tab). An unknown user has none.
#[utoipa::path(
    get, path = "/posts/user/{userId}", tag = "posts",
    params(("userId" = i64, Path, description = "The author's id"), PageQuery),
    responses(
        (status = 200, description = "A page of the user's posts, newest first", body = [Post],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_user_posts(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(user_id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = posts::by_user(&state.db, current.user.id, user_id, page).await?;
    page_of_posts(&state, rows, page).await
}
