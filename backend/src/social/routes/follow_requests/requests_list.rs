use axum::extract::State;
use axum::response::Response;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;
use crate::social::store::follows;
use crate::social::wire::follow::FollowRequest;

/// The requests to follow you (a private account), newest first.
#[utoipa::path(
    get, path = "/user/follow-requests", tag = "follows",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of the requests to follow you, newest first", body = [FollowRequest],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_follow_requests(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = follows::requests(&state.db, current.user.id, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter().map(FollowRequest::from).collect(),
        next,
    ))
}
