use axum::extract::State;

use super::one_canvas;
use crate::canvas::rules::{StrokePage, StrokePageQuery};
use crate::canvas::store;
use crate::canvas::wire::{CanvasDetail, CanvasStroke};
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path, Query};
use crate::platform::state::AppState;

/// A canvas with a page of its picture: its live strokes in the order they were drawn (what a
/// late joiner replays), 500 at most a page; `nextCursor` is the `after` of the next page, null
/// on the last (issue 39). Only for those who may join it.
#[utoipa::path(
    get, path = "/canvases/{id}", tag = "canvases",
    params(("id" = i64, Path, description = "The canvas"), StrokePageQuery),
    responses(
        (status = 200, description = "The canvas and a page of its strokes", body = CanvasDetail),
        (status = 400, description = "Invalid id, after or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Canvas not found (or not one you may join)", body = ErrorBody),
    )
)]
pub async fn get_canvas(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Query(query): Query<StrokePageQuery>,
) -> ApiResult<Json<CanvasDetail>> {
    let page = StrokePage::parse(&query)?;
    let canvas = one_canvas(&state, current.user.id, id).await?;
    let mut rows = store::strokes(&state.db, id, page.after, page.limit + 1).await?;
    let next_cursor = if rows.len() as i64 > page.limit {
        rows.truncate(page.limit as usize);
        rows.last().map(|row| row.id)
    } else {
        None
    };
    let strokes = rows
        .into_iter()
        .map(CanvasStroke::try_from)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|err| ApiError::Internal(anyhow::anyhow!("a stored stroke: {err}")))?;
    Ok(Json(CanvasDetail {
        canvas,
        strokes,
        next_cursor,
    }))
}
