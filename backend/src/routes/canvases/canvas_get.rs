use axum::extract::State;

use super::one_canvas;
use crate::auth::CurrentUser;
use crate::db;
use crate::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::state::AppState;
use crate::wire::canvas::{CanvasDetail, CanvasStroke};

/// A canvas with its picture: every live stroke in the order they were drawn (what a late
/// joiner replays). Only for those who may join it.
#[utoipa::path(
    get, path = "/canvases/{id}", tag = "canvases",
    params(("id" = i64, Path, description = "The canvas")),
    responses(
        (status = 200, description = "The canvas and its strokes", body = CanvasDetail),
        (status = 400, description = "Invalid id", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Canvas not found (or not one you may join)", body = ErrorBody),
    )
)]
pub async fn get_canvas(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
) -> ApiResult<Json<CanvasDetail>> {
    let canvas = one_canvas(&state, current.user.id, id).await?;
    let strokes = db::canvases::strokes(&state.db, id)
        .await?
        .into_iter()
        .map(CanvasStroke::try_from)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|err| ApiError::Internal(anyhow::anyhow!("a stored stroke: {err}")))?;
    Ok(Json(CanvasDetail { canvas, strokes }))
}
