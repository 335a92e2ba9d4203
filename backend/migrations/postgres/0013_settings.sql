-- Settings (issue 10): one row per user, written on the first PUT /api/user/settings; until
-- then the defaults of spec 001 §2 are answered. Switches are 0/1 (BIGINT, as every integer
-- here, so one decoder serves both backends).
CREATE TABLE user_settings (
    user_id                     BIGINT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    push_notifications          BIGINT NOT NULL DEFAULT 1 CHECK (push_notifications IN (0, 1)),
    voice_message_notifications BIGINT NOT NULL DEFAULT 1 CHECK (voice_message_notifications IN (0, 1)),
    chat_message_notifications  BIGINT NOT NULL DEFAULT 1 CHECK (chat_message_notifications IN (0, 1)),
    private_account             BIGINT NOT NULL DEFAULT 0 CHECK (private_account IN (0, 1)),
    voice_reactions_privacy     BIGINT NOT NULL DEFAULT 1 CHECK (voice_reactions_privacy IN (0, 1)),
    share_3d_content            BIGINT NOT NULL DEFAULT 1 CHECK (share_3d_content IN (0, 1)),
    ai_mood_detection           BIGINT NOT NULL DEFAULT 1 CHECK (ai_mood_detection IN (0, 1)),
    voice_auto_transcription    BIGINT NOT NULL DEFAULT 1 CHECK (voice_auto_transcription IN (0, 1)),
    high_quality_3d             BIGINT NOT NULL DEFAULT 1 CHECK (high_quality_3d IN (0, 1)),
    dark_theme                  BIGINT NOT NULL DEFAULT 1 CHECK (dark_theme IN (0, 1)),
    auto_play_videos            BIGINT NOT NULL DEFAULT 1 CHECK (auto_play_videos IN (0, 1)),
    sound_effects               BIGINT NOT NULL DEFAULT 1 CHECK (sound_effects IN (0, 1)),
    updated_at                  BIGINT NOT NULL
);
