use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::notifications::rules::notification::NotificationFilter;
use crate::notifications::store;
use crate::notifications::wire::Notification;
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct NotificationFilterQuery {
    /// `all` (the default), `mentions`, `comments` (comments and replies) or `follows`
    /// (follows, requests and approvals).
    #[param(inline)]
    pub filter: Option<NotificationFilter>,
}

/// Your notifications, the latest activity first: a folded one ('leo and 3 others liked your
/// post') moves up when someone joins it.
#[utoipa::path(
    get, path = "/notifications", tag = "notifications",
    params(NotificationFilterQuery, PageQuery),
    responses(
        (status = 200, description = "A page of your notifications, the latest first", body = [Notification],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page (a notification id); absent on the last page"))),
        (status = 400, description = "Invalid filter, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_notifications(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(filter): Query<NotificationFilterQuery>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let me = current.user.id;
    let rows = store::page(&state.db, me, filter.filter.unwrap_or_default(), page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let actors = store::actors(&state.db, me, &ids).await?;
    Ok(paginated(Notification::list(rows, &actors), next))
}
