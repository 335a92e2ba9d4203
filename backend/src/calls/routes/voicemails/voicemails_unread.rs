use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use crate::calls::store::voicemails;
use crate::identity::CurrentUser;
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::state::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct UnreadVoicemails {
    /// The session user's voicemails not listened to yet (the header's '{n} new').
    pub count: i64,
}

/// How many of the session user's voicemails are new.
#[utoipa::path(
    get, path = "/voicemails/unread", tag = "voicemail",
    responses(
        (status = 200, description = "The count", body = UnreadVoicemails),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn unread_voicemails(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<UnreadVoicemails>> {
    let count = voicemails::unread(&state.db, current.user.id).await?;
    Ok(Json(UnreadVoicemails { count }))
}
