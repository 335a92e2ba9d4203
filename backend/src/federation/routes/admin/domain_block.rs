//! `PUT /api/admin/federation/blocks/{host}` blocks a server (nothing in or out: its activities
//! are refused, its deliveries dropped, every follow between its accounts and ours removed);
//! `DELETE` lifts the block.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::federation::store;
use crate::identity::AdminUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Path};
use crate::platform::state::AppState;

pub const BAD_HOST: &str = "Give a server's host name, like social.example";
pub const NOT_BLOCKED: &str = "That server is not blocked";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct HostPath {
    /// The server's host (and port), like `social.example` or `127.0.0.1:8080`.
    #[param(pattern = r"^[A-Za-z0-9\[][A-Za-z0-9.:\[\]-]{0,252}$")]
    pub host: String,
}

/// A host as typed: lower case, a name or address with an optional port.
fn host(raw: &str) -> ApiResult<String> {
    let host = raw.trim().to_ascii_lowercase();
    let valid = !host.is_empty()
        && host.len() <= 253
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    if valid {
        Ok(host)
    } else {
        Err(ApiError::bad_request(BAD_HOST))
    }
}

/// Blocks a server.
#[utoipa::path(
    put, path = "/federation/blocks/{host}", tag = "admin",
    params(HostPath),
    responses(
        (status = 204, description = "Blocked"),
        (status = 400, description = "Not a host", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`), or a cross-site request (Origin check)", body = ErrorBody),
    )
)]
pub async fn block_server(
    State(state): State<AppState>,
    _admin: AdminUser,
    Path(HostPath { host: raw }): Path<HostPath>,
) -> ApiResult<StatusCode> {
    let host = host(&raw)?;
    store::block_domain(&state.db, &host, state.clock.now_ms()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Lifts a server's block.
#[utoipa::path(
    delete, path = "/federation/blocks/{host}", tag = "admin",
    params(HostPath),
    responses(
        (status = 204, description = "No longer blocked"),
        (status = 400, description = "Not a host", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an admin (`Admin access required`), or a cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "`That server is not blocked`", body = ErrorBody),
    )
)]
pub async fn unblock_server(
    State(state): State<AppState>,
    _admin: AdminUser,
    Path(HostPath { host: raw }): Path<HostPath>,
) -> ApiResult<StatusCode> {
    let host = host(&raw)?;
    if !store::unblock_domain(&state.db, &host).await? {
        return Err(ApiError::not_found(NOT_BLOCKED));
    }
    Ok(StatusCode::NO_CONTENT)
}
