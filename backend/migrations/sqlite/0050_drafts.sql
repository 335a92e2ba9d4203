-- Issue 44: drafts and scheduled posts. A draft is a post not yet published: only its author
-- sees it; its images are uploaded and kept (they count toward the author's media quota). A
-- draft with `scheduled_at` is published by the job once that time comes (claimed atomically,
-- so once), and then it is gone: the post is a new row, posted at that moment. A draft left
-- untouched for 30 days (not scheduled) is removed with its images' rows.
CREATE TABLE drafts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id      BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    caption      TEXT    NOT NULL DEFAULT '',
    location     TEXT,
    -- JSON array of the tags as the author typed them.
    tags         TEXT    NOT NULL DEFAULT '[]',
    scheduled_at BIGINT,
    created_at   BIGINT  NOT NULL,
    updated_at   BIGINT  NOT NULL
);
-- The author's drafts, newest first; the due ones, soonest first; the untouched ones.
CREATE INDEX drafts_user_idx ON drafts (user_id, id);
CREATE INDEX drafts_due_idx ON drafts (scheduled_at) WHERE scheduled_at IS NOT NULL;
CREATE INDEX drafts_stale_idx ON drafts (updated_at) WHERE scheduled_at IS NULL;
CREATE TABLE draft_media (
    draft_id  BIGINT  NOT NULL REFERENCES drafts (id) ON DELETE CASCADE,
    position  BIGINT  NOT NULL CHECK (position BETWEEN 0 AND 9),
    image_url TEXT    NOT NULL,
    media_key TEXT    REFERENCES media (key),
    alt       TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (draft_id, position)
);
