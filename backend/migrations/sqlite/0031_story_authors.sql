-- The stories strip's groups (issue 24): one row per author with a story that was not removed,
-- holding their latest story's creation and expiry. The strip ranks these rows (the viewer's
-- own, then the people they follow, then everyone else by latest) and stops at its 50 groups,
-- instead of grouping every live story first. Triggers keep it in every story write's own
-- transaction: a new story raises it; a deleted, removed or restored one recomputes it from
-- that author's rows of `stories_user_id_idx`. An author whose stories all expired keeps a row
-- the strip skips (expires_at <= now) until the sweep deletes their stories.
CREATE TABLE story_authors (
    user_id    BIGINT NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    latest_at  BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
-- 'Everyone else, latest first': read backwards, stopping at the strip's size.
CREATE INDEX story_authors_latest_idx ON story_authors (latest_at, user_id);

INSERT INTO story_authors (user_id, latest_at, expires_at)
SELECT user_id, MAX(created_at), MAX(expires_at) FROM stories
WHERE removed_at IS NULL
GROUP BY user_id;

CREATE TRIGGER story_authors_story_inserted AFTER INSERT ON stories
WHEN NEW.removed_at IS NULL
BEGIN
    INSERT INTO story_authors (user_id, latest_at, expires_at)
    VALUES (NEW.user_id, NEW.created_at, NEW.expires_at)
    ON CONFLICT (user_id) DO UPDATE SET
        latest_at = CASE WHEN excluded.latest_at > story_authors.latest_at
                         THEN excluded.latest_at ELSE story_authors.latest_at END,
        expires_at = CASE WHEN excluded.expires_at > story_authors.expires_at
                          THEN excluded.expires_at ELSE story_authors.expires_at END;
END;

CREATE TRIGGER story_authors_story_deleted AFTER DELETE ON stories
BEGIN
    DELETE FROM story_authors WHERE user_id = OLD.user_id;
    INSERT INTO story_authors (user_id, latest_at, expires_at)
    SELECT user_id, MAX(created_at), MAX(expires_at) FROM stories
    WHERE user_id = OLD.user_id AND removed_at IS NULL
      -- Not while the author's account is being deleted (its stories go by cascade).
      AND EXISTS (SELECT 1 FROM users WHERE id = OLD.user_id)
    GROUP BY user_id;
END;

CREATE TRIGGER story_authors_story_removed AFTER UPDATE OF removed_at ON stories
BEGIN
    DELETE FROM story_authors WHERE user_id = NEW.user_id;
    INSERT INTO story_authors (user_id, latest_at, expires_at)
    SELECT user_id, MAX(created_at), MAX(expires_at) FROM stories
    WHERE user_id = NEW.user_id AND removed_at IS NULL
    GROUP BY user_id;
END;
