use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::one_canvas;
use crate::canvas::rules::{CanvasVisibility, parse_canvas_title};
use crate::canvas::store;
use crate::canvas::wire::Canvas;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewCanvasRequest {
    /// 1 to 60 characters (trimmed).
    #[schema(min_length = 1, max_length = 60)]
    pub title: String,
    /// `followers`: your followers may join too; `invite`: only the people you invite.
    pub visibility: CanvasVisibility,
}

/// Opens a canvas of yours.
#[utoipa::path(
    post, path = "/canvases", tag = "canvases",
    request_body = NewCanvasRequest,
    responses(
        (status = 201, description = "The new canvas", body = Canvas),
        (status = 400, description = "Invalid title or visibility", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn create_canvas(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<NewCanvasRequest>,
) -> ApiResult<(StatusCode, Json<Canvas>)> {
    let me = current.user.id;
    let title = parse_canvas_title(&body.title)?;
    let now = state.clock.now_ms();
    let id = store::create(&state.db, me, &title, body.visibility, now).await?;
    Ok((StatusCode::CREATED, Json(one_canvas(&state, me, id).await?)))
}
