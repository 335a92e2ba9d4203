use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::chat::rules::parse_group_name;
use crate::chat::service::{self, one_conversation};
use crate::chat::wire::Conversation;
use crate::identity::CurrentUser;
use crate::kernel::image::{ImageSource, parse_image_source};
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json, Path};
use crate::platform::media::ImageKind;
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpdateConversationRequest {
    /// The group's new name: 1 to 60 characters, trimmed.
    #[schema(min_length = 1, max_length = 60)]
    pub name: Option<String>,
    /// The group's new picture: a base64 `data:` URL of a JPEG, PNG, GIF or WebP image.
    pub avatar: Option<String>,
}

/// Renames a group or changes its picture (any member); each change writes its system line
/// and every member hears `conversationUpdated`.
#[utoipa::path(
    patch, path = "/conversations/{id}", tag = "chat",
    params(("id" = i64, Path, description = "The conversation")),
    request_body = UpdateConversationRequest,
    responses(
        (status = 200, description = "Changed", body = Conversation),
        (status = 400, description = "Invalid body, a bad name or picture, nothing to change, or a one-to-one conversation", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Conversation not found (or not yours)", body = ErrorBody),
        (status = 413, description = "Body or picture too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body, or the picture is not an image", body = ErrorBody),
    )
)]
pub async fn update_conversation(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<i64>,
    Json(body): Json<UpdateConversationRequest>,
) -> ApiResult<Json<Conversation>> {
    let me = current.user.id;
    let name = body.name.as_deref().map(parse_group_name).transpose()?;
    let avatar = match body.avatar.as_deref().map(parse_image_source).transpose()? {
        None => None,
        Some(ImageSource::Data(bytes)) => Some(bytes),
        Some(ImageSource::External(_)) => {
            return Err(ApiError::bad_request(
                "The group picture must be an uploaded image (a data: URL)",
            ));
        }
    };
    if name.is_none() && avatar.is_none() {
        return Err(ApiError::bad_request("Give a new name or picture"));
    }
    let avatar_key = match avatar {
        Some(bytes) => {
            // Only a member's picture is stored; membership itself is decided in
            // `update_group`'s transaction (a rename needs only that one check).
            super::require_member(&state, id, me).await?;
            let stored = state
                .media
                .charged_to(current.user.id)
                .ingest_image(&state.db, bytes, ImageKind::Avatar)
                .await?;
            Some(stored.key)
        }
        None => None,
    };
    let now = state.clock.now_ms();
    service::update_group(&state, id, me, name.as_deref(), avatar_key.as_deref(), now).await?;
    Ok(Json(one_conversation(&state, me, id).await?))
}
