-- no-transaction
-- Issue 43: deleting your posts, reels, stories and canvases; a story's viewers; followers and
-- following lists; canvas invitations as notifications.
--
-- SQLite cannot alter the notifications' CHECKs in place (a new kind, `canvas_invite`, about a
-- new target type, `canvas`): the table is rebuilt outside sqlx's transaction as in 0040
-- (foreign keys off, one transaction, `pragma_foreign_key_check` before COMMIT).
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

CREATE TABLE new_notifications (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind         TEXT    NOT NULL CHECK (kind IN ('like', 'comment', 'reply', 'mention', 'follow',
                     'follow_request', 'follow_accepted', 'missed_call', 'voicemail',
                     'withdrawal', 'report', 'sale', 'tip', 'shipped', 'voice_reaction', 'canvas_invite')),
    target_type  TEXT    NOT NULL CHECK (target_type IN ('post', 'reel', 'comment', 'user',
                     'conversation', 'withdrawal', 'order', 'report', 'canvas')),
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

-- A story's viewers for its author (GET /api/stories/{id}/viewers), latest first: keyset on
-- (created_at, viewer_id) within the story.
CREATE INDEX story_views_story_idx ON story_views (story_id, created_at, viewer_id);

-- Followers and following lists (GET /api/users/{id}/followers, /following), latest follow
-- first: keyset on (created_at, the other's id) within the account.
CREATE INDEX follows_followee_created_idx ON follows (followee_id, created_at, follower_id);
CREATE INDEX follows_follower_created_idx ON follows (follower_id, created_at, followee_id);

-- Nothing may point nowhere after the swap. A violation fails the CHECK, so the migration
-- stops before COMMIT and the database stays as it was.
CREATE TEMP TABLE migration_0047_foreign_keys (violations BIGINT CHECK (violations = 0));
INSERT INTO migration_0047_foreign_keys
SELECT (SELECT COUNT(*) FROM pragma_foreign_key_check('notifications'))
     + (SELECT COUNT(*) FROM pragma_foreign_key_check('notification_actors'));
DROP TABLE migration_0047_foreign_keys;

COMMIT;
PRAGMA foreign_keys = ON;
