use axum::extract::State;
use axum::response::Response;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Path, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;
use crate::social::rules::tag::normalize_tag;
use crate::social::store::tags;
use crate::social::wire::post::{Post, page_of_posts};

/// The posts carrying a tag, newest first (a tag page's grid). An unknown or malformed tag has
/// none.
#[utoipa::path(
    get, path = "/tags/{tag}/posts", tag = "tags",
    params(("tag" = String, Path, description = "The tag, with or without `#`, any case"), PageQuery),
    responses(
        (status = 200, description = "A page of the tag's posts, newest first", body = [Post],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor, or a control character in the tag", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_tag_posts(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(tag): Path<String>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let Some(tag) = normalize_tag(&tag) else {
        return Ok(paginated(Vec::<Post>::new(), None));
    };
    let rows = tags::posts(&state.db, current.user.id, &tag, page).await?;
    page_of_posts(&state, rows, page).await
}
