use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::admin::store;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

/// The longest search text.
const QUERY_MAX: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserSearch {
    /// Only users whose username, display name or email contains this (case-insensitive).
    #[param(max_length = 100)]
    pub q: Option<String>,
}

/// Every user (deactivated ones too, with `isActive` false) with their counts and presence,
/// newest first; `q` searches username, display name and email.
#[utoipa::path(
    get, path = "/users", tag = "admin",
    params(UserSearch, PageQuery),
    responses(
        (status = 200, description = "A page of users, newest first", body = [crate::admin::wire::AdminUser],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older users; absent on the last page"))),
        (status = 400, description = "Invalid search, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`)", body = ErrorBody),
    )
)]
pub async fn list_users(
    State(state): State<AppState>,
    _admin: crate::identity::AdminUser,
    Query(search): Query<UserSearch>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let q = search.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    if q.is_some_and(|q| q.chars().count() > QUERY_MAX) {
        return Err(ApiError::bad_request("Search must be under 100 characters"));
    }
    let rows = store::users_page(&state.db, q, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let online = state.realtime.online_among(&ids).await;
    Ok(paginated(
        rows.into_iter()
            .map(|row| {
                let is_online = online.contains(&row.id);
                crate::admin::wire::AdminUser::of(row, is_online)
            })
            .collect::<Vec<_>>(),
        next,
    ))
}
