//! `GET /api/federation/accounts/lookup?handle=@name@host`: an account of another server, found
//! by WebFinger, its actor fetched and stored (so it can be followed, and its profile opened).

use axum::extract::State;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::federation::inbox::{backfill, remember_actor};
use crate::federation::store;
use crate::federation::wire::{RemoteAccount, sender};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Query};
use crate::platform::state::AppState;

pub const NOT_FOUND: &str = "No account was found for that handle";
pub const BAD_HANDLE: &str = "Give a handle like @name@server.example";
pub const BLOCKED: &str = "This server does not federate with that domain";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LookupQuery {
    /// `@name@host` (or `name@host`).
    #[param(pattern = r"^ *@?[A-Za-z0-9_.-]{1,253}@[A-Za-z0-9_.:-]{1,253} *$")]
    pub handle: String,
}

/// Finds an account of another server by its handle (WebFinger, then its actor), and stores
/// it; a handle of this server finds the local account.
#[utoipa::path(
    get, path = "/federation/accounts/lookup", tag = "federation",
    params(LookupQuery),
    responses(
        (status = 200, description = "The account", body = RemoteAccount),
        (status = 400, description = "Not a handle", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The handle's server is blocked here", body = ErrorBody),
        (status = 404, description = "No such account, its server did not answer, or federation is off", body = ErrorBody),
    )
)]
pub async fn lookup_remote_account(
    State(state): State<AppState>,
    _current: CurrentUser,
    Query(query): Query<LookupQuery>,
) -> ApiResult<Json<RemoteAccount>> {
    let Some(sender) = sender(&state) else {
        return Err(ApiError::not_found(NOT_FOUND));
    };
    let handle = query.handle.trim();
    let handle = handle.strip_prefix('@').unwrap_or(handle);
    let Some((name, host)) = handle.split_once('@') else {
        return Err(ApiError::bad_request(BAD_HANDLE));
    };
    let valid = |part: &str| {
        !part.is_empty()
            && part.len() <= 253
            && part
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | ':'))
    };
    if !valid(name) || !valid(host) || name.contains(':') {
        return Err(ApiError::bad_request(BAD_HANDLE));
    }
    let host = host.to_ascii_lowercase();
    if store::blocked(&state.db, &host).await? {
        return Err(ApiError::Forbidden(BLOCKED));
    }
    let not_found = |err: &dyn std::fmt::Display| {
        tracing::info!(handle, error = %err, "a handle was not found");
        ApiError::not_found(NOT_FOUND)
    };
    let actor_url = sender
        .webfinger(name, &host)
        .await
        .map_err(|err| not_found(&err))?;
    let actor = match store::remote_by_url(&state.db, &actor_url).await? {
        Some(known) => known,
        None => {
            let profile = sender
                .fetch_actor(&actor_url)
                .await
                .map_err(|err| not_found(&err))?;
            if profile.actor_url != actor_url {
                return Err(ApiError::not_found(NOT_FOUND));
            }
            let actor = remember_actor(&state, sender, &profile)
                .await
                .map_err(ApiError::Internal)?;
            // Its recent posts follow in the background: the profile shows them as they land.
            let (state, sender, them) = (state.clone(), sender.clone(), actor.clone());
            tokio::spawn(async move {
                if let Err(err) = backfill(&state, &sender, &them).await {
                    tracing::info!(actor = %them.actor_url, error = %err, "a profile's recent posts could not be brought");
                }
            });
            actor
        }
    };
    let account = store::remote_account(&state.db, actor.user_id)
        .await?
        .ok_or_else(|| ApiError::not_found(NOT_FOUND))?;
    Ok(Json(account.into()))
}
