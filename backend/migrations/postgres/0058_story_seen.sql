-- Issue 45: the stories strip answers its groups only (who, their latest story's time, and
-- whether the viewer has seen it), and a group's stories are read when it is opened. Whether a
-- ring is new is Instagram's rule: the author's latest live story is later than the latest of
-- theirs this viewer saw. `seen_at` is that story's creation time, raised in the view's own
-- transaction (social/store/stories.rs `record_view`); one row per viewer and author, read by
-- its key for each of the strip's 50 groups instead of a view probe per live story. A row
-- older than a story's lifetime says nothing (every story it covers expired) and the sweep
-- deletes it.
CREATE TABLE story_seen (
    viewer_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    author_id BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    seen_at   BIGINT NOT NULL,
    PRIMARY KEY (viewer_id, author_id)
);
-- The author's account deleted: its rows go by the cascade.
CREATE INDEX story_seen_author_idx ON story_seen (author_id);
-- The sweep's rows, oldest first.
CREATE INDEX story_seen_at_idx ON story_seen (seen_at);

INSERT INTO story_seen (viewer_id, author_id, seen_at)
SELECT v.viewer_id, s.user_id, MAX(s.created_at)
FROM story_views v JOIN stories s ON s.id = v.story_id
GROUP BY v.viewer_id, s.user_id;

-- The strip's "everyone else" walk reads `story_authors_latest_idx` backwards and asks each
-- candidate's expiry: the index now holds it, so no candidate costs a read of the table row.
DROP INDEX story_authors_latest_idx;
CREATE INDEX story_authors_latest_idx ON story_authors (latest_at, user_id, expires_at);
