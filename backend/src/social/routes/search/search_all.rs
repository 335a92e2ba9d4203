use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::identity;
use crate::identity::CurrentUser;
use crate::identity::wire::Profile;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Query};
use crate::platform::http::wire::paginated_json;
use crate::platform::state::AppState;
use crate::social::rules::tag::SearchQuery;
use crate::social::store::{search, tags};
use crate::social::wire::post::posts_json;
use crate::social::wire::search::{SearchResults, search_json};
use crate::social::wire::tag::TagSummary;

/// At most this many of each group (the contract; posts: `search::MAX_POSTS`).
const MAX_RESULTS: i64 = 20;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchAllQuery {
    /// What to find, at most 100 characters after trimming: accounts by username or display
    /// name, tags beginning with it (a leading `#` dropped), posts whose caption, tags or
    /// location hold every word (letters and digits; the last one as a prefix).
    #[param(max_length = 100)]
    pub q: Option<String>,
}

/// Explore's search: accounts, tags and posts at once, each best first and at most 20. A blank
/// query finds nothing.
#[utoipa::path(
    get, path = "/search", tag = "search",
    params(SearchAllQuery),
    responses(
        (status = 200, description = "The three groups", body = SearchResults),
        (status = 400, description = "Query over 100 characters, or with a control character", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn search_all(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<SearchAllQuery>,
) -> ApiResult<Response> {
    let query = SearchQuery::parse(query.q.as_deref())?;
    if query.is_blank() {
        return Ok(Json(SearchResults {
            users: Vec::new(),
            tags: Vec::new(),
            posts: Vec::new(),
        })
        .into_response());
    }
    let viewer = current.user.id;
    let tags = async {
        match &query.tag_prefix {
            Some(prefix) => tags::by_prefix(&state.db, prefix, MAX_RESULTS).await,
            None => Ok(Vec::new()),
        }
    };
    // Three independent reads, run together.
    let (users, tags, posts) = tokio::try_join!(
        identity::search_users(&state.db, viewer, &query.text, MAX_RESULTS),
        tags,
        search::posts(&state.db, viewer, &query, search::MAX_POSTS),
    )?;
    let users: Vec<Profile> = users.into_iter().map(Profile::from).collect();
    let tags: Vec<TagSummary> = tags.into_iter().map(TagSummary::from).collect();
    let posts = posts_json(&state.db, &state.fragments, &posts).await?;
    let body = search_json(&users, &tags, &posts).map_err(|err| ApiError::Internal(err.into()))?;
    Ok(paginated_json(body, None))
}
