-- Issue 45: a page of posts writes each post's viewer-independent part (images, caption, tags,
-- times) from a per-instance cache of its JSON, keyed by the post's id and revision. An edit
-- (social/store/posts.rs `edit`, the only statement that changes what that part shows) moves the
-- revision on in its transaction, so every instance's cached copy stops matching at once.
ALTER TABLE posts ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
