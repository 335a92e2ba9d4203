use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::identity::CurrentUser;
use crate::identity::store::users;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::media::ImageKind;
use crate::platform::state::AppState;

/// The largest avatar file (the client checks the same 10 MiB).
const PROFILE_IMAGE_MAX_BYTES: usize = 10 * 1024 * 1024;
/// The whole multipart body: the file plus room for the form's boundaries and part headers,
/// so a file just under the limit is not refused for its envelope.
pub const PROFILE_IMAGE_BODY_LIMIT: usize = PROFILE_IMAGE_MAX_BYTES + 64 * 1024;
const FIELD: &str = "profileImage";
const NOT_MULTIPART: &str = "Send the image as multipart/form-data with a profileImage file";

/// The form (described for the OpenAPI document; the handler reads it field by field).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct ProfileImageForm {
    /// A JPEG, PNG, GIF or WebP image, at most 10 MiB.
    #[schema(value_type = String, format = Binary)]
    pub profile_image: Vec<u8>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileImageResponse {
    /// `/media/{key}` of the 400 px square avatar.
    pub profile_image_url: String,
}

/// Replace the signed-in user's avatar. The image is checked by its bytes, re-encoded
/// without metadata and stored as a 400 px square with a 96 px rendition.
#[utoipa::path(
    post, path = "/profile-image", tag = "user",
    request_body(content = ProfileImageForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Avatar replaced", body = ProfileImageResponse),
        (status = 400, description = "No profileImage file in the form", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Cross-site request refused", body = ErrorBody),
        (status = 413, description = "Over 10 MiB, or too many pixels", body = ErrorBody),
        (status = 415, description = "Not a multipart form, or not a JPEG, PNG, GIF or WebP image", body = ErrorBody),
    )
)]
pub async fn upload_profile_image(
    State(state): State<AppState>,
    current: CurrentUser,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<ProfileImageResponse>> {
    let mut form = form.map_err(|_| ApiError::UnsupportedMediaType(NOT_MULTIPART.into()))?;
    let bytes = image_field(&mut form).await?;
    let stored = state
        .media
        .charged_to(current.user.id)
        .ingest_image(&state.db, bytes, ImageKind::Avatar)
        .await?;
    users::set_profile_image(
        &state.db,
        current.user.id,
        &stored.url,
        &stored.thumbnail_url,
    )
    .await?;
    tracing::info!(user_id = current.user.id, key = %stored.key, "profile image replaced");
    Ok(Json(ProfileImageResponse {
        profile_image_url: stored.url,
    }))
}

/// The bytes of the `profileImage` field; other fields are skipped.
async fn image_field(form: &mut Multipart) -> ApiResult<Vec<u8>> {
    loop {
        let field = form.next_field().await?;
        let Some(field) = field else {
            return Err(ApiError::bad_request("Choose an image to upload"));
        };
        if field.name() == Some(FIELD) {
            let bytes = field.bytes().await?;
            if bytes.is_empty() {
                return Err(ApiError::bad_request("Choose an image to upload"));
            }
            if bytes.len() > PROFILE_IMAGE_MAX_BYTES {
                return Err(ApiError::PayloadTooLarge);
            }
            return Ok(bytes.into());
        }
    }
}
