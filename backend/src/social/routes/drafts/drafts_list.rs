use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::IntoParams;

use super::drafts_answer;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;
use crate::social::store::drafts;
use crate::social::wire::draft::Draft;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DraftsQuery {
    /// `true`: the scheduled posts; otherwise the drafts not scheduled.
    pub scheduled: Option<bool>,
    /// Page size, 1–100 (default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// Only drafts older than this cursor (the `X-Next-Cursor` of the previous page).
    #[param(minimum = 1)]
    pub before: Option<i64>,
}

/// Your drafts (issue 44), newest first: those not scheduled, or with `scheduled=true` the
/// scheduled posts ('Scheduled' on your profile).
#[utoipa::path(
    get, path = "/drafts", tag = "drafts",
    params(DraftsQuery),
    responses(
        (status = 200, description = "A page of your drafts, newest first", body = [Draft],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for the next page; absent on the last page"))),
        (status = 400, description = "Invalid limit, cursor or flag", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_drafts(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<DraftsQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&PageQuery {
        limit: query.limit,
        before: query.before,
    })?;
    let scheduled = query.scheduled.unwrap_or(false);
    let rows = drafts::page(&state.db, current.user.id, scheduled, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(drafts_answer(&state.db, rows).await?, next))
}
