-- no-transaction
-- Issue 43: voice reactions (docs/community-contract.md "Voice reactions"). Someone records how a
-- post or a reel made them feel (an emotion and at most 60 s of audio) and sends it to its
-- author; 'Voice Reactions Privacy' (user_settings.voice_reactions_privacy, default on) decides
-- whether anyone else may hear it. Portable shapes (DESIGN §1): ids BIGINT, times epoch ms.
--
-- SQLite cannot alter a CHECK in place: notifications (kind 'voice_reaction') and report_cases
-- (target type 'voice_reaction') are rebuilt outside sqlx's transaction as in 0039 and 0040
-- (foreign keys off, one transaction, `pragma_foreign_key_check` before COMMIT).
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

CREATE TABLE voice_reactions (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
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
CREATE TABLE new_notifications (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind         TEXT    NOT NULL CHECK (kind IN ('like', 'comment', 'reply', 'mention', 'follow',
                     'follow_request', 'follow_accepted', 'missed_call', 'voicemail',
                     'withdrawal', 'report', 'sale', 'tip', 'shipped',
                     'voice_reaction')),
    target_type  TEXT    NOT NULL CHECK (target_type IN ('post', 'reel', 'comment', 'user',
                     'conversation', 'withdrawal', 'order', 'report')),
    target_id    BIGINT  NOT NULL,
    post_id      BIGINT  REFERENCES posts (id) ON DELETE CASCADE,
    reel_id      BIGINT  REFERENCES reels (id) ON DELETE CASCADE,
    comment_id   BIGINT  REFERENCES comments (id) ON DELETE CASCADE,
    preview      TEXT,
    actors_count BIGINT  NOT NULL DEFAULT 0 CHECK (actors_count >= 0),
    read_at      BIGINT,
    created_at   BIGINT  NOT NULL,
    updated_at   BIGINT  NOT NULL
);
INSERT INTO new_notifications (id, user_id, kind, target_type, target_id, post_id, reel_id,
                               comment_id, preview, actors_count, read_at, created_at, updated_at)
SELECT id, user_id, kind, target_type, target_id, post_id, reel_id, comment_id, preview,
       actors_count, read_at, created_at, updated_at
FROM notifications;
DELETE FROM sqlite_sequence WHERE name = 'new_notifications';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'new_notifications', COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'notifications'), 0);
DROP TABLE notifications;
ALTER TABLE new_notifications RENAME TO notifications;
CREATE INDEX notifications_list_idx ON notifications (user_id, updated_at, id);
CREATE INDEX notifications_unread_idx ON notifications (user_id, id) WHERE read_at IS NULL;
CREATE INDEX notifications_target_idx ON notifications (user_id, target_type, target_id, kind);
CREATE INDEX notifications_post_id_idx ON notifications (post_id) WHERE post_id IS NOT NULL;
CREATE INDEX notifications_reel_id_idx ON notifications (reel_id) WHERE reel_id IS NOT NULL;
CREATE INDEX notifications_comment_id_idx ON notifications (comment_id)
    WHERE comment_id IS NOT NULL;

-- A voice reaction can be reported.
CREATE TABLE new_report_cases (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    target_type        TEXT    NOT NULL
                       CHECK (target_type IN ('post', 'comment', 'reel', 'story', 'message', 'user',
                                              'review', 'voice_reaction')),
    target_id          BIGINT  NOT NULL,
    author_id          BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    preview            TEXT    NOT NULL,
    reports_count      BIGINT  NOT NULL DEFAULT 0 CHECK (reports_count >= 0),
    reasons            BIGINT  NOT NULL DEFAULT 0,
    status             TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved')),
    action             TEXT    CHECK (action IN ('dismiss', 'remove', 'suspend')),
    notes              TEXT,
    resolved_by        BIGINT  REFERENCES users (id) ON DELETE SET NULL,
    first_reported_at  BIGINT  NOT NULL,
    resolved_at        BIGINT,
    UNIQUE (target_type, target_id),
    CHECK ((status = 'open') = (action IS NULL))
);
INSERT INTO new_report_cases (id, target_type, target_id, author_id, preview, reports_count,
                              reasons, status, action, notes, resolved_by, first_reported_at,
                              resolved_at)
SELECT id, target_type, target_id, author_id, preview, reports_count, reasons, status, action,
       notes, resolved_by, first_reported_at, resolved_at
FROM report_cases;
DROP TABLE report_cases;
ALTER TABLE new_report_cases RENAME TO report_cases;
CREATE INDEX report_cases_queue_idx ON report_cases (status, reports_count DESC, id DESC);
CREATE INDEX report_cases_author_idx ON report_cases (author_id);

-- Nothing may point nowhere after the swaps. A violation fails the CHECK, so the migration
-- stops before COMMIT and the database stays as it was.
CREATE TEMP TABLE migration_0045_foreign_keys (violations BIGINT CHECK (violations = 0));
INSERT INTO migration_0045_foreign_keys
SELECT (SELECT COUNT(*) FROM pragma_foreign_key_check('notifications'))
     + (SELECT COUNT(*) FROM pragma_foreign_key_check('notification_actors'))
     + (SELECT COUNT(*) FROM pragma_foreign_key_check('report_cases'))
     + (SELECT COUNT(*) FROM pragma_foreign_key_check('reports'))
     + (SELECT COUNT(*) FROM pragma_foreign_key_check('voice_reactions'));
DROP TABLE migration_0045_foreign_keys;

COMMIT;
PRAGMA foreign_keys = ON;
