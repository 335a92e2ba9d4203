-- Issue 43: voice reactions (docs/community-contract.md "Voice reactions"). Someone records how a
-- post or a reel made them feel (an emotion and at most 60 s of audio) and sends it to its
-- author; 'Voice Reactions Privacy' (user_settings.voice_reactions_privacy, default on) decides
-- whether anyone else may hear it. Portable shapes (DESIGN §1): ids BIGINT, times epoch ms.
CREATE TABLE voice_reactions (
    id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    post_id     BIGINT  REFERENCES posts (id) ON DELETE CASCADE,
    reel_id     BIGINT  REFERENCES reels (id) ON DELETE CASCADE,
    user_id     BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    emotion     TEXT    NOT NULL CHECK (emotion IN ('love', 'excited', 'inspired', 'impressed')),
    -- The stored recording: `/media/{key}` and its `media` row.
    media_key   TEXT    NOT NULL REFERENCES media (key),
    duration    BIGINT  NOT NULL CHECK (duration BETWEEN 1 AND 60),
    -- Moderation's removal (a report decided 'remove'), as for comments.
    removed_at  BIGINT,
    created_at  BIGINT  NOT NULL,
    CHECK ((post_id IS NOT NULL AND reel_id IS NULL) OR (post_id IS NULL AND reel_id IS NOT NULL))
);
-- An item's reactions, newest first by keyset (`id < before`), and their counts by emotion.
CREATE INDEX voice_reactions_post_idx ON voice_reactions (post_id, id) WHERE post_id IS NOT NULL;
CREATE INDEX voice_reactions_reel_idx ON voice_reactions (reel_id, id) WHERE reel_id IS NOT NULL;
-- A person's reactions: the data export's pages, and the cascade of a deleted account.
CREATE INDEX voice_reactions_user_idx ON voice_reactions (user_id, id);
CREATE INDEX voice_reactions_media_idx ON voice_reactions (media_key);

-- The author is told ('leo sent you a voice reaction: Inspired!').
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('like',
    'comment', 'reply', 'mention', 'follow', 'follow_request', 'follow_accepted', 'missed_call',
    'voicemail', 'withdrawal', 'report', 'sale', 'tip', 'shipped', 'voice_reaction'));

-- A voice reaction can be reported.
ALTER TABLE report_cases DROP CONSTRAINT report_cases_target_type_check;
ALTER TABLE report_cases ADD CONSTRAINT report_cases_target_type_check
    CHECK (target_type IN ('post', 'comment', 'reel', 'story', 'message', 'user', 'review',
                           'voice_reaction'));
