use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::identity;
use crate::identity::CurrentUser;
use crate::identity::wire::Profile;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Query};
use crate::platform::state::AppState;

/// At most this many results.
const MAX_RESULTS: i64 = 20;
/// Longer queries match nobody anyway (usernames are ≤ 30, display names ≤ 50).
const QUERY_MAX: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Text to find in usernames and display names (trimmed; case-insensitive).
    pub q: Option<String>,
}

/// Users whose username or display name contains `q`: exact matches first, then prefixes,
/// then the rest; at most 20. A blank query finds nobody.
#[utoipa::path(
    get, path = "/users", tag = "search",
    params(SearchQuery),
    responses(
        (status = 200, description = "Matching users, best first", body = [Profile]),
        (status = 400, description = "Query too long", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn search_users(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<SearchQuery>,
) -> ApiResult<Json<Vec<Profile>>> {
    let needle = query.q.as_deref().unwrap_or_default().trim();
    if needle.is_empty() {
        return Ok(Json(Vec::new()));
    }
    if needle.chars().count() > QUERY_MAX {
        return Err(ApiError::bad_request(format!(
            "Search text must be at most {QUERY_MAX} characters"
        )));
    }
    let rows = identity::search_users(&state.db, current.user.id, needle, MAX_RESULTS).await?;
    Ok(Json(rows.into_iter().map(Profile::from).collect()))
}
