-- Issue 44: a reel's author edits its caption (not the video). The reel carries when it was last
-- edited; each edit keeps the caption it replaces in `reel_versions`, read newest first by
-- (reel_id, id). A reel's caption names people as a post's does: its mentions are rows of
-- `mentions` with `reel_id` (told once each, at posting or at the edit that first names them).
ALTER TABLE reels ADD COLUMN edited_at BIGINT;
CREATE TABLE reel_versions (
    id         BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    reel_id    BIGINT  NOT NULL REFERENCES reels (id) ON DELETE CASCADE,
    caption    TEXT    NOT NULL,
    -- When this version was written: the reel's creation, or the edit that made it.
    written_at BIGINT  NOT NULL
);
CREATE INDEX reel_versions_reel_idx ON reel_versions (reel_id, id);

-- A mention is now in a post, a reel or a comment (exactly one).
ALTER TABLE mentions ADD COLUMN reel_id BIGINT REFERENCES reels (id) ON DELETE CASCADE;
ALTER TABLE mentions DROP CONSTRAINT mentions_check;
ALTER TABLE mentions ADD CONSTRAINT mentions_check CHECK (
    (post_id IS NOT NULL AND comment_id IS NULL AND reel_id IS NULL)
    OR (post_id IS NULL AND comment_id IS NOT NULL AND reel_id IS NULL)
    OR (post_id IS NULL AND comment_id IS NULL AND reel_id IS NOT NULL));
CREATE UNIQUE INDEX mentions_reel_key ON mentions (reel_id, mentioned_user_id);
