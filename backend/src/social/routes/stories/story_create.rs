use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use super::STORY_NOT_FOUND;
use crate::identity::CurrentUser;
use crate::identity::rules::account::filled;
use crate::kernel::image::{ImageSource, parse_image_source};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::rules::post::IMAGE_REQUIRED;
use crate::social::rules::story::{STORY_LIFETIME_MS, StoryKind, parse_story_caption};
use crate::social::store::stories;
use crate::social::store::stories::NewStory;
use crate::social::wire::story::Story;

/// A new story. The first client also sends `userId`, `expiresAt` and `isActive`; all are
/// ignored (the author is the session user; the server's clock sets the expiry).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewStoryRequest {
    /// A `data:` image (JPEG, PNG, GIF or WebP; re-encoded and stored) or an http(s) URL: for
    /// an image story it is fetched once (public addresses only, at most 10 MB and 10 s) and
    /// stored like an upload (400 'Could not fetch that image' when it cannot be); for a video
    /// story it is kept as given. Required (a missing one is
    /// answered with the spec's message).
    #[schema(
        required = true,
        pattern = r"^[\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(data:image/|https?://[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000/?#]+)[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$"
    )]
    pub content: Option<String>,
    /// `image` (default) or `video`.
    #[serde(rename = "type")]
    pub kind: Option<StoryKind>,
    /// Optional, at most 2200 characters.
    #[schema(max_length = 2200)]
    pub caption: Option<String>,
}

/// Shares a story for 24 hours.
#[utoipa::path(
    post, path = "/stories", tag = "stories",
    request_body = NewStoryRequest,
    responses(
        (status = 201, description = "The new story", body = Story),
        (status = 400, description = "Invalid input (spec wording), or an image URL that could not be fetched", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 413, description = "Body or image too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body, or not a JPEG, PNG, GIF or WebP image", body = ErrorBody),
        (status = 429, description = "Over the posting limit (posts, reels and stories together, an hour); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn create_story(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<NewStoryRequest>,
) -> ApiResult<(StatusCode, Json<Story>)> {
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    state.limits.check(Limit::Publish, current.user.id).await?;
    let raw_content =
        filled(body.content.as_deref()).ok_or_else(|| ApiError::bad_request(IMAGE_REQUIRED))?;
    let kind = body.kind.unwrap_or_default();
    let caption = parse_story_caption(body.caption.as_deref())?;
    let source = parse_image_source(raw_content)?;

    // Uploaded bytes are always an image (the client picks image files only): they go
    // through the image pipeline whatever `type` says, so a non-image is refused. An image
    // story's URL is fetched once, now, and stored like an upload (no viewer's browser loads
    // it from elsewhere); a video story's URL is kept as given (docs/decisions.md).
    let media = state.media.charged_to(current.user.id);
    let image = match (&source, kind) {
        (ImageSource::External(_), StoryKind::Video) => media.show_image(&state.db, source).await?,
        _ => media.fetched_image(&state.db, source).await?,
    };
    let kind = match image.key {
        Some(_) => StoryKind::Image,
        None => kind,
    };
    let now = state.clock.now_ms();
    let id = stories::insert(
        &state.db,
        NewStory {
            user_id: current.user.id,
            image_url: &image.url,
            media_key: image.key.as_deref(),
            kind: kind.as_str(),
            caption: caption.as_deref(),
            created_at: now,
            expires_at: now + STORY_LIFETIME_MS,
        },
    )
    .await?;
    let story = stories::find(&state.db, current.user.id, id, now)
        .await?
        .ok_or_else(|| ApiError::not_found(STORY_NOT_FOUND))?;
    Ok((
        StatusCode::CREATED,
        Json(Story::seen_by(&story, current.user.id)),
    ))
}
