use axum::extract::State;
use axum::response::Response;

use super::people_page;
use crate::identity::CurrentUser;
use crate::kernel::page::PageQuery;
use crate::platform::http::error::{ApiResult, ErrorBody, Path, Query};
use crate::platform::state::AppState;
use crate::social::store::follows::Side;
use crate::social::wire::follow::PersonListed;

/// Whom the user follows (issue 43), the latest first, each with your follow state. A private
/// account's list is for itself and its approved followers; accounts deactivated or blocked
/// either way with you are left out.
#[utoipa::path(
    get, path = "/users/{id}/following", tag = "users",
    params(("id" = i64, Path, description = "User id"), PageQuery),
    responses(
        (status = 200, description = "A page of the accounts the user follows, the latest follow first", body = [PersonListed],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid id, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`This account is private` (you do not follow it)", body = ErrorBody),
        (status = 404, description = "User not found (or blocked either way)", body = ErrorBody),
    )
)]
pub async fn list_following(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(user_id): Path<i64>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    people_page(&state, current.user.id, user_id, Side::Following, &query).await
}
