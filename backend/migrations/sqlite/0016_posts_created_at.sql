-- Trending asks for the newest post's time (MAX(created_at)) to tell whether its 30-day window
-- is empty; this index answers it with one read.
CREATE INDEX posts_created_at_idx ON posts (created_at);
