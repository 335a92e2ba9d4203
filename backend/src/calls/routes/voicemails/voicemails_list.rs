use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::calls::store::voicemails;
use crate::calls::wire::Voicemail;
use crate::identity::CurrentUser;
use crate::kernel::page::{Page, PageQuery};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Query};
use crate::platform::http::wire::paginated;
use crate::platform::state::AppState;

/// The longest search text.
const WORDS_MAX: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VoicemailSearch {
    /// Only voicemails whose transcript says this (case-insensitive; issue 47).
    #[param(max_length = 100)]
    pub q: Option<String>,
}

/// The voicemails the session user received, newest first; `q` searches what they say.
#[utoipa::path(
    get, path = "/voicemails", tag = "voicemail",
    params(VoicemailSearch, PageQuery),
    responses(
        (status = 200, description = "A page of voicemails, newest first", body = [Voicemail],
         headers(("X-Next-Cursor" = i64, description = "Pass as `before` for older voicemails; absent on the last page"))),
        (status = 400, description = "Invalid search, limit or cursor", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_voicemails(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(search): Query<VoicemailSearch>,
    Query(query): Query<PageQuery>,
) -> ApiResult<Response> {
    let page = Page::parse(&query)?;
    let words = search.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    if words.is_some_and(|q| q.chars().count() > WORDS_MAX) {
        return Err(ApiError::bad_request("Search must be under 100 characters"));
    }
    let rows = voicemails::page(&state.db, current.user.id, page, words).await?;
    let (rows, next) = page.split(rows, |row| row.id);
    let transcribes = state.transcriber.is_some();
    Ok(paginated(
        rows.into_iter()
            .map(|row| {
                let mut voicemail = Voicemail::from(row);
                // Waiting on a server that no longer transcribes: nothing to wait for.
                voicemail.transcribing &= transcribes;
                voicemail
            })
            .collect::<Vec<_>>(),
        next,
    ))
}
