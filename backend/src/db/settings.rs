//! Settings: one `user_settings` row per user, written on the first save.

use sqlx::FromRow;

use super::{Db, now_ms};

/// A user's switches, each 0 or 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromRow)]
pub struct SettingsRow {
    pub push_notifications: i64,
    pub voice_message_notifications: i64,
    pub chat_message_notifications: i64,
    pub private_account: i64,
    pub voice_reactions_privacy: i64,
    pub share_3d_content: i64,
    pub ai_mood_detection: i64,
    pub voice_auto_transcription: i64,
    pub high_quality_3d: i64,
    pub dark_theme: i64,
    pub auto_play_videos: i64,
    pub sound_effects: i64,
}

impl Default for SettingsRow {
    /// Spec 001 §2: every switch on except the private account.
    fn default() -> Self {
        Self {
            push_notifications: 1,
            voice_message_notifications: 1,
            chat_message_notifications: 1,
            private_account: 0,
            voice_reactions_privacy: 1,
            share_3d_content: 1,
            ai_mood_detection: 1,
            voice_auto_transcription: 1,
            high_quality_3d: 1,
            dark_theme: 1,
            auto_play_videos: 1,
            sound_effects: 1,
        }
    }
}

/// A partial change: `None` keeps the stored value (or the default on the first save).
#[derive(Debug, Clone, Copy, Default)]
pub struct SettingsChange {
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

macro_rules! settings_columns {
    () => {
        "push_notifications, voice_message_notifications, chat_message_notifications,
         private_account, voice_reactions_privacy, share_3d_content, ai_mood_detection,
         voice_auto_transcription, high_quality_3d, dark_theme, auto_play_videos, sound_effects"
    };
}

/// The user's settings; the defaults while they never saved any.
pub async fn get(db: &Db, user_id: i64) -> Result<SettingsRow, sqlx::Error> {
    let row: Option<SettingsRow> = sqlx::query_as(concat!(
        "SELECT ",
        settings_columns!(),
        " FROM user_settings WHERE user_id = $1"
    ))
    .bind(user_id)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.unwrap_or_default())
}

/// Applies a partial change in one statement (an upsert whose every column is
/// `COALESCE(new, current)`), so two saves of different switches at once both land.
pub async fn update(
    db: &Db,
    user_id: i64,
    change: SettingsChange,
) -> Result<SettingsRow, sqlx::Error> {
    let flag = |value: Option<bool>| value.map(i64::from);
    sqlx::query_as(concat!(
        "INSERT INTO user_settings (user_id, ",
        settings_columns!(),
        ", updated_at)
         VALUES ($1, COALESCE($2, 1), COALESCE($3, 1), COALESCE($4, 1), COALESCE($5, 0),
                 COALESCE($6, 1), COALESCE($7, 1), COALESCE($8, 1), COALESCE($9, 1),
                 COALESCE($10, 1), COALESCE($11, 1), COALESCE($12, 1), COALESCE($13, 1), $14)
         ON CONFLICT (user_id) DO UPDATE SET
           push_notifications = COALESCE($2, user_settings.push_notifications),
           voice_message_notifications = COALESCE($3, user_settings.voice_message_notifications),
           chat_message_notifications = COALESCE($4, user_settings.chat_message_notifications),
           private_account = COALESCE($5, user_settings.private_account),
           voice_reactions_privacy = COALESCE($6, user_settings.voice_reactions_privacy),
           share_3d_content = COALESCE($7, user_settings.share_3d_content),
           ai_mood_detection = COALESCE($8, user_settings.ai_mood_detection),
           voice_auto_transcription = COALESCE($9, user_settings.voice_auto_transcription),
           high_quality_3d = COALESCE($10, user_settings.high_quality_3d),
           dark_theme = COALESCE($11, user_settings.dark_theme),
           auto_play_videos = COALESCE($12, user_settings.auto_play_videos),
           sound_effects = COALESCE($13, user_settings.sound_effects),
           updated_at = $14
         RETURNING ",
        settings_columns!()
    ))
    .bind(user_id)
    .bind(flag(change.push_notifications))
    .bind(flag(change.voice_message_notifications))
    .bind(flag(change.chat_message_notifications))
    .bind(flag(change.private_account))
    .bind(flag(change.voice_reactions_privacy))
    .bind(flag(change.share_3d_content))
    .bind(flag(change.ai_mood_detection))
    .bind(flag(change.voice_auto_transcription))
    .bind(flag(change.high_quality_3d))
    .bind(flag(change.dark_theme))
    .bind(flag(change.auto_play_videos))
    .bind(flag(change.sound_effects))
    .bind(now_ms())
    .fetch_one(&db.pool)
    .await
}
