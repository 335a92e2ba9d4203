use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;

use crate::identity;
use crate::identity::CurrentUser;
use crate::identity::rules::settings::{Settings, SettingsUpdate};
use crate::platform::http::error::{ApiResult, ErrorBody, Json};
use crate::platform::http::etag::tagged_json;
use crate::platform::state::AppState;

/// The session user's settings: the defaults until they save any.
#[utoipa::path(
    get, path = "/user/settings", tag = "user",
    params(("If-None-Match" = Option<String>, Header, description = "The ETag of an earlier answer")),
    responses(
        (status = 200, description = "The user's settings", body = Settings,
         headers(("ETag" = String, description = "For If-None-Match"))),
        (status = 304, description = "Unchanged since the ETag given in If-None-Match"),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn get_settings(
    State(state): State<AppState>,
    current: CurrentUser,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let settings = identity::settings_of(&state.db, current.user.id).await?;
    Ok(tagged_json(&headers, &settings))
}

/// Saves some or all of the session user's settings; absent fields keep their value.
#[utoipa::path(
    put, path = "/user/settings", tag = "user",
    request_body = SettingsUpdate,
    responses(
        (status = 200, description = "The saved settings", body = Settings),
        (status = 400, description = "A value that is not a boolean, or not a JSON object", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "Body too large", body = ErrorBody),
        (status = 415, description = "Not a JSON body", body = ErrorBody),
    )
)]
pub async fn update_settings(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<SettingsUpdate>,
) -> ApiResult<Json<Settings>> {
    Ok(Json(
        crate::social::service::save_settings(&state, current.user.id, body).await?,
    ))
}

/// Whether this server transcribes voice (issue 47), for what Settings says under
/// 'Voice Auto-transcription'.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Transcription {
    /// A model is installed (`--transcribe-model-dir`): voice messages, voicemails and voice
    /// reactions of people with the switch on are transcribed here, on this server's CPU.
    pub available: bool,
}

/// Whether this server transcribes voice.
#[utoipa::path(
    get, path = "/user/settings/transcription", tag = "user",
    responses(
        (status = 200, description = "Whether voice is transcribed here", body = Transcription),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn transcription(
    State(state): State<AppState>,
    _current: CurrentUser,
) -> Json<Transcription> {
    Json(Transcription {
        available: state.transcriber.is_some(),
    })
}
