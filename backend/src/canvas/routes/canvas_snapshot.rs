use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::joinable;
use crate::identity::CurrentUser;
use crate::kernel::image::{ImageSource, parse_image_source};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::rules::post::{Caption, parse_location, parse_tags};
use crate::social::wire::post::Post;
use crate::social::{self, Draft};

/// PNG's signature: the first eight bytes of every PNG file.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";
const NOT_A_PNG: &str = "A canvas snapshot must be a PNG image (data:image/png;base64,…)";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CanvasSnapshotRequest {
    /// The picture as a `data:image/png;base64,…` URL (the client renders the strokes).
    #[schema(pattern = r"^[\t\n\r ]*data:image/png;base64,")]
    pub image: String,
    /// At most 2200 characters, as a post's.
    #[schema(max_length = 2200)]
    pub caption: Option<String>,
    /// At most 100 characters.
    #[schema(max_length = 100)]
    pub location: Option<String>,
    /// Trimmed; blank ones dropped; at most 30 of at most 50 characters.
    #[schema(max_items = 30)]
    pub tags: Option<Vec<String>>,
}

/// Posts the canvas's picture as a post of yours (anyone who may join the canvas may): the
/// normal post pipeline, image re-encoded and stored, caption and tags as a post's.
#[utoipa::path(
    post, path = "/canvases/{id}/snapshot", tag = "canvases",
    params(("id" = i64, Path, description = "The canvas")),
    request_body = CanvasSnapshotRequest,
    responses(
        (status = 201, description = "The new post", body = Post),
        (status = 400, description = "Invalid image, caption, location or tags", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 404, description = "Canvas not found (or not one you may join)", body = ErrorBody),
        (status = 413, description = "Body or image too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body, or the image is not a PNG", body = ErrorBody),
        (status = 429, description = "Over the posting limit (posts, reels and stories together, an hour); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn post_snapshot(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<CanvasSnapshotRequest>,
) -> ApiResult<(StatusCode, Json<Post>)> {
    let me = current.user.id;
    joinable(&state, me, id).await?;
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    state.limits.check(Limit::Publish, me).await?;
    let caption = Caption::parse(body.caption.as_deref())?;
    let location = parse_location(body.location.as_deref())?;
    let tags = parse_tags(body.tags.as_deref())?;
    let image = match parse_image_source(&body.image)? {
        ImageSource::Data(bytes) if bytes.starts_with(PNG_SIGNATURE) => ImageSource::Data(bytes),
        ImageSource::Data(_) => return Err(ApiError::UnsupportedMediaType(NOT_A_PNG.into())),
        ImageSource::External(_) => return Err(ApiError::bad_request(NOT_A_PNG)),
    };
    let draft = Draft {
        caption,
        location,
        tags,
        media: vec![(image, String::new())],
    };
    let post = social::publish_post(&state, me, draft).await?;
    Ok((StatusCode::CREATED, Json(post)))
}
