use axum::extract::State;
use axum::response::Response;

use crate::calls::store::voicemails;
use crate::calls::wire::Voicemail;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

/// The voicemails the session user received, newest first.
#[utoipa::path(
    get, path = "/voicemails", tag = "voicemail",
    params(PageQuery),
    responses(
        (status = 200, description = "A page of voicemails, newest first", body = [Voicemail],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older voicemails; absent on the last page"))),
        (status = 400, description = "Invalid limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_voicemails(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let rows = voicemails::page(&state.db, current.user.id, page).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    Ok(paginated(
        rows.into_iter().map(Voicemail::from).collect::<Vec<_>>(),
        next,
    ))
}
