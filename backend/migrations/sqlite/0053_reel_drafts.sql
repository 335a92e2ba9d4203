-- Issue 44: reel drafts. A reel prepared and kept unpublished: only its author sees it; its video
-- (and poster) are uploaded and stored at once (they count toward the author's media quota, as
-- uploads do). Publishing makes a new `reels` row, posted at that moment, and deletes the draft,
-- in one write transaction. A draft untouched for 30 days is removed (its media rows stay, as a
-- deleted reel's do).
CREATE TABLE reel_drafts (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id          BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    media_key        TEXT    NOT NULL REFERENCES media (key),
    poster_key       TEXT    REFERENCES media (key),
    caption          TEXT    NOT NULL DEFAULT '',
    duration_seconds BIGINT  NOT NULL CHECK (duration_seconds BETWEEN 0 AND 61),
    width            BIGINT,
    height           BIGINT,
    created_at       BIGINT  NOT NULL,
    updated_at       BIGINT  NOT NULL
);
-- The author's reel drafts, newest first; the untouched ones.
CREATE INDEX reel_drafts_user_idx ON reel_drafts (user_id, id);
CREATE INDEX reel_drafts_stale_idx ON reel_drafts (updated_at);
