use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::state::AppState;
use crate::social::store::posts;
use crate::social::wire::post::{Post, page_of_posts};

/// Explore shows the first 12 trending posts.
const TRENDING_DEFAULT_LIMIT: i64 = 12;

/// Trending's query string: like every list's, with a page of 12 by default.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TrendingQuery {
    /// Items per page, 1–100 (default 12).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// Continue after this post (the `X-Next-Cursor` of the previous page).
    #[param(minimum = 1)]
    pub before: Option<i64>,
}

/// Posts of the last 30 days ranked by engagement with time decay (explore's trending grid):
/// a stored hot score, `log10(max(1, likes + 2 × saves))` plus the creation time in seconds /
/// 45,000. When nothing was posted in the last 30 days, every post is ranked the same way (the
/// score's time term puts the best of the newest first). The static path wins over `/posts/{id}/…` in the router (static segments
/// match first), so `trending` is never read as an id.
#[utoipa::path(
    get, path = "/posts/trending", tag = "posts",
    params(TrendingQuery),
    responses(
        (status = 200, description = "A page of posts, hottest first", body = [Post],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_trending(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<TrendingQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&PageQuery {
        limit: Some(query.limit.unwrap_or(TRENDING_DEFAULT_LIMIT)),
        before: query.before,
    })?;
    let rows = posts::trending(&state.db, current.user.id, page, state.clock.now_ms()).await?;
    page_of_posts(&state, rows, page).await
}
