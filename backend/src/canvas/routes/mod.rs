//! Live canvases (issue 25, docs/canvas-contract.md): making one, the list of yours, one with
//! its picture, deleting one, inviting people, and posting the picture. The drawing itself happens on the
//! socket (canvas/socket.rs).

mod canvas_create;
mod canvas_delete;
mod canvas_get;
mod canvas_members;
mod canvas_snapshot;
mod canvases_list;

use std::collections::HashMap;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::canvas::rules::CANVAS_NOT_FOUND;
use crate::canvas::store;
use crate::canvas::store::CanvasRow;
use crate::canvas::wire::Canvas;
use crate::kernel::user::UserCard;
use crate::platform::http::error::{ApiError, ApiResult};
use crate::platform::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            canvases_list::list_canvases,
            canvas_create::create_canvas
        ))
        .routes(routes!(
            canvas_get::get_canvas,
            canvas_delete::delete_canvas
        ))
        .routes(routes!(canvas_members::invite_members))
        .routes(routes!(canvas_snapshot::post_snapshot))
}

/// The canvas `id` if `viewer` may join it (404 otherwise), without its people.
async fn joinable(state: &AppState, viewer: i64, id: i64) -> ApiResult<CanvasRow> {
    store::find(&state.db, viewer, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(CANVAS_NOT_FOUND.into()))
}

/// The canvas `id` as `viewer` sees it (404 when they may not join it).
async fn one_canvas(state: &AppState, viewer: i64, id: i64) -> ApiResult<Canvas> {
    let row = joinable(state, viewer, id).await?;
    Ok(with_members(state, vec![row]).await?.remove(0))
}

/// Canvases with their invited people: one read for all of them.
async fn with_members(state: &AppState, rows: Vec<CanvasRow>) -> ApiResult<Vec<Canvas>> {
    let ids: Vec<i64> = rows.iter().map(|row| row.id).collect();
    let mut members: HashMap<i64, Vec<UserCard>> = HashMap::new();
    for person in store::members(&state.db, &ids).await? {
        members
            .entry(person.canvas_id)
            .or_default()
            .push(person.into());
    }
    Ok(rows
        .into_iter()
        .map(|row| {
            let people = members.remove(&row.id).unwrap_or_default();
            Canvas::new(row, people)
        })
        .collect())
}
