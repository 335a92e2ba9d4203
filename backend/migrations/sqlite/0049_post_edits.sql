-- Issue 44: a post's author edits its caption, location, tags and its images' alt texts (not
-- the images). The post carries when it was last edited; each edit keeps the version it
-- replaces in `post_versions`, read newest first by (post_id, id).
ALTER TABLE posts ADD COLUMN edited_at BIGINT;
CREATE TABLE post_versions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    post_id    BIGINT  NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    caption    TEXT    NOT NULL,
    location   TEXT,
    -- JSON arrays: the tags as the author typed them, and each image's alt text in order.
    tags       TEXT    NOT NULL,
    alts       TEXT    NOT NULL,
    -- When this version was written: the post's creation, or the edit that made it.
    written_at BIGINT  NOT NULL
);
CREATE INDEX post_versions_post_idx ON post_versions (post_id, id);
