use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::identity::CurrentUser;
use crate::identity::rules::account::{DisplayName, Username};
use crate::identity::rules::profile::{Skill, parse_bio, skills_json};
use crate::identity::store::users;
use crate::identity::store::users::ProfileChange;
use crate::identity::wire::Profile;
use crate::platform::http::error::{ApiError, ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileUpdate {
    /// At most 50 characters; blank falls back to the username.
    #[schema(max_length = 50)]
    pub display_name: Option<String>,
    /// At most 500 characters; blank clears it.
    #[schema(max_length = 500)]
    pub bio: Option<String>,
    /// Skill ids among design, code, music, photo, motion.
    pub skills: Option<Vec<Skill>>,
}

/// Changes the session user's display name, bio or skills; absent fields stay as they are.
#[utoipa::path(
    patch, path = "/profile", tag = "user",
    request_body = ProfileUpdate,
    responses(
        (status = 200, description = "The updated profile", body = Profile),
        (status = 400, description = "Invalid input", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn update_profile(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<ProfileUpdate>,
) -> ApiResult<Json<Profile>> {
    let user = &current.user;
    let display_name = match body.display_name.as_deref() {
        Some(raw) => {
            let username = Username::parse(&user.username)?;
            Some(DisplayName::parse_or(Some(raw), &username)?)
        }
        None => None,
    };
    let bio = body.bio.as_deref().map(parse_bio).transpose()?;
    let skills = body.skills.as_deref().map(skills_json);

    let change = ProfileChange {
        display_name: display_name.as_ref().map(DisplayName::as_str),
        bio: bio.as_ref().map(Option::as_deref),
        skills: skills.as_deref(),
    };
    users::update_profile(&state.db, user.id, change).await?;
    let profile = users::profile_by_id(&state.db, user.id, user.id)
        .await?
        .ok_or(ApiError::Unauthorized)?;
    Ok(Json(profile.into()))
}
