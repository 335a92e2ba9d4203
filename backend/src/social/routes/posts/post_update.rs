use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use super::POST_NOT_FOUND;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::limits::Limit;
use crate::platform::state::AppState;
use crate::social::posting;
use crate::social::rules::post::{
    CANNOT_EDIT_POST, Caption, MEDIA_MAX, parse_alt, parse_location, parse_tags,
};
use crate::social::store::comments::{self, Item};
use crate::social::store::posts::{self, Edited, PostEdit};
use crate::social::wire::post::Post;

/// An edit of a post (issue 44): each field given replaces it, each one left out stays.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditPostRequest {
    /// At most 2200 characters.
    #[schema(max_length = 2200)]
    pub caption: Option<String>,
    /// At most 100 characters; blank clears it.
    #[schema(max_length = 100)]
    pub location: Option<String>,
    /// Trimmed; blank ones dropped; at most 30 of at most 50 characters.
    #[schema(max_items = 30)]
    pub tags: Option<Vec<String>>,
    /// Each image's alt text in order, one per image (at most 1500 characters each).
    #[schema(max_items = 10)]
    pub alts: Option<Vec<String>>,
}

/// Edits your post's caption, location, tags and its images' alt texts (not the images): the
/// version it replaces joins the post's history, and the post carries `editedAt`. A person the
/// new caption mentions for the first time is told once; one it no longer mentions keeps the
/// earlier notification.
#[utoipa::path(
    patch, path = "/posts/{id}", tag = "posts",
    params(("id" = i64, Path, description = "Post id")),
    request_body = EditPostRequest,
    responses(
        (status = 200, description = "The post as edited", body = Post),
        (status = 400, description = "Invalid id or field (the create wording), or not one alt text per image ('Give one alt text for each of the 3 images')", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "`You can only edit your own posts`; `email_unverified`: unverified past the 7-day grace; or a cross-site request (Origin check)", body = ErrorBody),
        (status = 404, description = "Post not found (or hidden from you: private, blocked either way)", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
        (status = 429, description = "Over the editing limit (edits in 10 minutes); Retry-After says when", body = ErrorBody),
    )
)]
pub async fn update_post(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(post_id): Path<i64>,
    Json(body): Json<EditPostRequest>,
) -> ApiResult<Json<Post>> {
    let me = current.user.id;
    crate::identity::may_publish(&current.user, state.clock.now_ms())?;
    let caption = body
        .caption
        .as_deref()
        .map(|raw| Caption::parse(Some(raw)))
        .transpose()?;
    let location = body
        .location
        .as_deref()
        .map(|raw| parse_location(Some(raw)))
        .transpose()?;
    let tags = body
        .tags
        .as_deref()
        .map(|raw| parse_tags(Some(raw)))
        .transpose()?;
    let alts = match body.alts.as_deref() {
        Some(raw) if raw.len() > MEDIA_MAX => {
            return Err(ApiError::bad_request(
                "Give one alt text for each image (at most 10)",
            ));
        }
        Some(raw) => Some(
            raw.iter()
                .map(|alt| parse_alt(Some(alt)))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        None => None,
    };
    state.limits.check(Limit::Edit, me).await?;
    let now = state.clock.now_ms();
    let edit = PostEdit {
        caption: caption.as_ref().map(Caption::as_str),
        location: location.as_ref().map(Option::as_deref),
        tags: tags.as_deref(),
        alts: alts.as_deref(),
    };
    let caption = match posts::edit(&state.db, me, post_id, edit, now).await? {
        Edited::Done { caption } => caption,
        Edited::NotFound => return Err(ApiError::not_found(POST_NOT_FOUND)),
        // Someone else's post the caller cannot see is not there for them.
        Edited::NotAuthor => {
            return if comments::item_visible(&state.db, me, Item::Post(post_id)).await? {
                Err(ApiError::Forbidden(CANNOT_EDIT_POST))
            } else {
                Err(ApiError::not_found(POST_NOT_FOUND))
            };
        }
        Edited::AltCount(n) => {
            return Err(ApiError::bad_request(format!(
                "Give one alt text for each of the {n} images"
            )));
        }
    };
    // Only the names the post did not mention before are stored, and so told.
    let post = posting::tell_edit(&state, me, post_id, &caption, now).await?;
    Ok(Json(post))
}
