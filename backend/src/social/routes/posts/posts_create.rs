use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::CurrentUser;
use crate::identity::rules::account::filled;
use crate::kernel::image::{ImageSource, parse_image_source};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::posting;
use crate::social::posting::Draft;
use crate::social::rules::post::{
    Caption, IMAGE_REQUIRED, IMAGES_OR_URL, check_media_count, parse_image_item, parse_location,
    parse_tags,
};
use crate::social::wire::post::Post;

/// One image of a new post (issue 44).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewPostImage {
    /// A `data:` image (JPEG, PNG, GIF or WebP; re-encoded and stored) or an http(s) URL,
    /// fetched once as `imageUrl` is.
    #[schema(
        required = true,
        pattern = r"^[\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(data:image/|https?://[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000/?#]+)[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$"
    )]
    pub image: Option<String>,
    /// What the image shows, for people who cannot see it: trimmed, at most 1500 characters.
    #[schema(max_length = 1500)]
    pub alt: Option<String>,
}

/// A new post. The first client also sends `userId` and `expiresAt`; both are ignored (the
/// author is the session user, and posts do not expire).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewPostRequest {
    /// At most 2200 characters.
    #[schema(max_length = 2200)]
    pub caption: Option<String>,
    /// The post's images in order, 1 to 10, each with its alt text (issue 44). Send either
    /// this or `imageUrl`.
    #[schema(min_items = 1, max_items = 10)]
    pub media: Option<Vec<NewPostImage>>,
    /// One image without alt text, as before `media` (deprecated): a `data:` image (JPEG,
    /// PNG, GIF or WebP; re-encoded and stored) or an http(s) URL, fetched once (public
    /// addresses only, at most 10 MB and 10 s, redirects checked again) and stored like an
    /// upload; one that cannot be fetched, or is not an image, is 400 'Could not fetch that
    /// image'. Without `media`, a missing one is answered with the spec's message.
    #[schema(
        deprecated,
        pattern = r"^[\t\n\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]*(data:image/|https?://[^\u0000-\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000/?#]+)[^\u0000-\u0008\u000B\u000C\u000E-\u001F]*$"
    )]
    pub image_url: Option<String>,
    /// At most 100 characters.
    #[schema(max_length = 100)]
    pub location: Option<String>,
    /// Trimmed; blank ones dropped; at most 30 of at most 50 characters.
    #[schema(max_items = 30)]
    pub tags: Option<Vec<String>>,
}

/// Shares a post.
#[utoipa::path(
    post, path = "/posts", tag = "posts",
    request_body = NewPostRequest,
    responses(
        (status = 201, description = "The new post", body = Post),
        (status = 400, description = "Invalid input (spec wording), or an image URL that could not be fetched", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`email_unverified`: unverified past the 7-day grace; or a cross-site request", body = ErrorBody),
        (status = 413, description = "Body or image too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body, or not a JPEG, PNG, GIF or WebP image", body = ErrorBody),
        (status = 429, description = "Over the posting limit (posts, reels and stories together, an hour); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn create_post(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<NewPostRequest>,
) -> ApiResult<(StatusCode, Json<Post>)> {
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    state.limits.check(Limit::Publish, current.user.id).await?;
    let media = parse_media(body.media.as_deref(), body.image_url.as_deref())?;
    let caption = Caption::parse(body.caption.as_deref())?;
    let location = parse_location(body.location.as_deref())?;
    let tags = parse_tags(body.tags.as_deref())?;

    let draft = Draft {
        caption,
        location,
        tags,
        media,
    };
    let post = posting::publish_post(&state, current.user.id, draft).await?;
    Ok((StatusCode::CREATED, Json(post)))
}

/// The post's images: `media` (1 to 10, each with its alt text), or the one `imageUrl`.
fn parse_media(
    media: Option<&[NewPostImage]>,
    image_url: Option<&str>,
) -> ApiResult<Vec<(ImageSource, String)>> {
    let Some(items) = media else {
        let raw = filled(image_url).ok_or_else(|| ApiError::bad_request(IMAGE_REQUIRED))?;
        return Ok(vec![(parse_image_source(raw)?, String::new())]);
    };
    if filled(image_url).is_some() {
        return Err(ApiError::bad_request(IMAGES_OR_URL));
    }
    if items.is_empty() {
        return Err(ApiError::bad_request(IMAGE_REQUIRED));
    }
    check_media_count(items.len())?;
    items
        .iter()
        .map(|item| {
            let (source, alt) = parse_image_item(item.image.as_deref(), item.alt.as_deref())?;
            Ok((parse_image_source(source)?, alt))
        })
        .collect()
}
