use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::identity::store::sessions;
use crate::identity::wire::{SessionsEnded, SignedInSession};
use crate::identity::{CurrentUser, session};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::http::wire::iso_time;
use crate::platform::realtime::hub::session_tag;
use crate::platform::state::AppState;

const SESSION_NOT_FOUND: &str = "Session not found";

/// The token hash of the session this request came with (`CurrentUser` found it).
fn current_hash(headers: &HeaderMap) -> ApiResult<String> {
    session::hash_from(headers).ok_or(ApiError::Unauthorized)
}

/// Where you're signed in: your live sessions, most recently used first (at most 50).
#[utoipa::path(
    get, path = "/sessions", tag = "user",
    responses(
        (status = 200, description = "Your sessions", body = [SignedInSession]),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn list_sessions(
    State(state): State<AppState>,
    headers: HeaderMap,
    current: CurrentUser,
) -> ApiResult<Json<Vec<SignedInSession>>> {
    let mine = current_hash(&headers)?;
    let rows = sessions::list(&state.db, current.user.id, crate::platform::db::now_ms()).await?;
    Ok(Json(
        rows.into_iter()
            .map(|row| SignedInSession {
                current: row.token_hash == mine,
                id: row.public_id,
                created_at: iso_time(row.created_at),
                last_seen_at: iso_time(row.last_seen_at),
                user_agent: session::describe_agent(&row.user_agent),
            })
            .collect(),
    ))
}

/// Signs one of your sessions out: its sockets close. Ending the current one signs this browser
/// out too (the cookie is cleared).
#[utoipa::path(
    delete, path = "/sessions/{id}", tag = "user",
    params(("id" = String, Path, description = "The session's id from the list")),
    responses(
        (status = 204, description = "The session ended"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
        (status = 404, description = "Session not found (none of yours has this id)", body = ErrorBody),
    )
)]
pub async fn end_session(
    State(state): State<AppState>,
    headers: HeaderMap,
    current: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let mine = current_hash(&headers)?;
    let user = current.user.id;
    let ended = sessions::delete_by_public_id(&state.db, user, &id)
        .await?
        .ok_or_else(|| ApiError::not_found(SESSION_NOT_FOUND))?;
    // Its sockets on this instance close now; elsewhere at their next session check.
    state.realtime.hub.close_session(user, session_tag(&ended));
    if ended == mine {
        let cookie = session::removal_cookie(state.secure_cookies);
        return Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie)]).into_response());
    }
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// Signs every other session out; this one stays.
#[utoipa::path(
    delete, path = "/sessions", tag = "user",
    responses(
        (status = 200, description = "How many sessions ended", body = SessionsEnded),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A cross-site request", body = ErrorBody),
    )
)]
pub async fn end_other_sessions(
    State(state): State<AppState>,
    headers: HeaderMap,
    current: CurrentUser,
) -> ApiResult<Json<SessionsEnded>> {
    let mine = current_hash(&headers)?;
    let user = current.user.id;
    let ended = sessions::delete_all_but(&state.db, user, Some(&mine)).await?;
    state
        .realtime
        .hub
        .close_sessions(user, Some(session_tag(&mine)));
    Ok(Json(SessionsEnded { ended }))
}
