-- no-transaction
-- Issue 44: a reel's author edits its caption (not the video). The reel carries when it was last
-- edited; each edit keeps the caption it replaces in `reel_versions`, read newest first by
-- (reel_id, id). A reel's caption names people as a post's does: its mentions are rows of
-- `mentions` with `reel_id` (told once each, at posting or at the edit that first names them).
--
-- SQLite cannot alter the mentions' CHECK in place (a mention is now in a post, a reel or a
-- comment): the table is rebuilt outside sqlx's transaction as in 0046 (foreign keys off, one
-- transaction, `pragma_foreign_key_check` before COMMIT).
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

ALTER TABLE reels ADD COLUMN edited_at BIGINT;
CREATE TABLE reel_versions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    reel_id    BIGINT  NOT NULL REFERENCES reels (id) ON DELETE CASCADE,
    caption    TEXT    NOT NULL,
    -- When this version was written: the reel's creation, or the edit that made it.
    written_at BIGINT  NOT NULL
);
CREATE INDEX reel_versions_reel_idx ON reel_versions (reel_id, id);

CREATE TABLE new_mentions (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    mentioned_user_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    author_id         BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    post_id           BIGINT  REFERENCES posts (id) ON DELETE CASCADE,
    comment_id        BIGINT  REFERENCES comments (id) ON DELETE CASCADE,
    reel_id           BIGINT  REFERENCES reels (id) ON DELETE CASCADE,
    created_at        BIGINT  NOT NULL,
    CHECK ((post_id IS NOT NULL AND comment_id IS NULL AND reel_id IS NULL)
        OR (post_id IS NULL AND comment_id IS NOT NULL AND reel_id IS NULL)
        OR (post_id IS NULL AND comment_id IS NULL AND reel_id IS NOT NULL))
);
INSERT INTO new_mentions (id, mentioned_user_id, author_id, post_id, comment_id, created_at)
SELECT id, mentioned_user_id, author_id, post_id, comment_id, created_at FROM mentions;
DELETE FROM sqlite_sequence WHERE name = 'new_mentions';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'new_mentions', COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'mentions'), 0);
DROP TABLE mentions;
ALTER TABLE new_mentions RENAME TO mentions;
CREATE INDEX mentions_mentioned_user_id_idx ON mentions (mentioned_user_id, id);
-- A name is mentioned once per caption or comment; these are also the cascades' lookups.
CREATE UNIQUE INDEX mentions_post_key ON mentions (post_id, mentioned_user_id);
CREATE UNIQUE INDEX mentions_comment_key ON mentions (comment_id, mentioned_user_id);
CREATE UNIQUE INDEX mentions_reel_key ON mentions (reel_id, mentioned_user_id);
CREATE INDEX mentions_author_id_idx ON mentions (author_id);

-- Nothing may point nowhere after the swap. A violation fails the CHECK, so the migration
-- stops before COMMIT and the database stays as it was.
CREATE TEMP TABLE migration_0052_foreign_keys (violations BIGINT CHECK (violations = 0));
INSERT INTO migration_0052_foreign_keys
SELECT (SELECT COUNT(*) FROM pragma_foreign_key_check('mentions'));
DROP TABLE migration_0052_foreign_keys;

COMMIT;
PRAGMA foreign_keys = ON;
