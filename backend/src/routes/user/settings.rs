use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::CurrentUser;
use crate::db::{
    self,
    settings::{SettingsChange, SettingsRow},
};
use crate::error::{ApiResult, ErrorBody, Json};
use crate::state::AppState;

/// The user's switches (spec 001 §2); every one defaults to true except `privateAccount`.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Settings {
    pub push_notifications: bool,
    pub voice_message_notifications: bool,
    pub chat_message_notifications: bool,
    pub private_account: bool,
    pub voice_reactions_privacy: bool,
    pub share_3d_content: bool,
    pub ai_mood_detection: bool,
    pub voice_auto_transcription: bool,
    pub high_quality_3d: bool,
    pub dark_theme: bool,
    pub auto_play_videos: bool,
    pub sound_effects: bool,
}

impl From<SettingsRow> for Settings {
    fn from(row: SettingsRow) -> Self {
        Self {
            push_notifications: row.push_notifications != 0,
            voice_message_notifications: row.voice_message_notifications != 0,
            chat_message_notifications: row.chat_message_notifications != 0,
            private_account: row.private_account != 0,
            voice_reactions_privacy: row.voice_reactions_privacy != 0,
            share_3d_content: row.share_3d_content != 0,
            ai_mood_detection: row.ai_mood_detection != 0,
            voice_auto_transcription: row.voice_auto_transcription != 0,
            high_quality_3d: row.high_quality_3d != 0,
            dark_theme: row.dark_theme != 0,
            auto_play_videos: row.auto_play_videos != 0,
            sound_effects: row.sound_effects != 0,
        }
    }
}

/// Some or all of the switches; an absent (or null) one keeps its value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsUpdate {
    pub push_notifications: Option<bool>,
    pub voice_message_notifications: Option<bool>,
    pub chat_message_notifications: Option<bool>,
    pub private_account: Option<bool>,
    pub voice_reactions_privacy: Option<bool>,
    pub share_3d_content: Option<bool>,
    pub ai_mood_detection: Option<bool>,
    pub voice_auto_transcription: Option<bool>,
    pub high_quality_3d: Option<bool>,
    pub dark_theme: Option<bool>,
    pub auto_play_videos: Option<bool>,
    pub sound_effects: Option<bool>,
}

impl From<SettingsUpdate> for SettingsChange {
    fn from(body: SettingsUpdate) -> Self {
        Self {
            push_notifications: body.push_notifications,
            voice_message_notifications: body.voice_message_notifications,
            chat_message_notifications: body.chat_message_notifications,
            private_account: body.private_account,
            voice_reactions_privacy: body.voice_reactions_privacy,
            share_3d_content: body.share_3d_content,
            ai_mood_detection: body.ai_mood_detection,
            voice_auto_transcription: body.voice_auto_transcription,
            high_quality_3d: body.high_quality_3d,
            dark_theme: body.dark_theme,
            auto_play_videos: body.auto_play_videos,
            sound_effects: body.sound_effects,
        }
    }
}

/// The session user's settings: the defaults until they save any.
#[utoipa::path(
    get, path = "/settings", tag = "user",
    responses(
        (status = 200, description = "The user's settings", body = Settings),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
pub async fn get_settings(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Settings>> {
    let row = db::settings::get(&state.db, current.user.id).await?;
    Ok(Json(row.into()))
}

/// Saves some or all of the session user's settings; absent fields keep their value.
#[utoipa::path(
    put, path = "/settings", tag = "user",
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
    let row = db::settings::update(&state.db, current.user.id, body.into()).await?;
    Ok(Json(row.into()))
}
