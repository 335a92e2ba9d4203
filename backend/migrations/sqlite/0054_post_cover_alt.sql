-- Issue 45: a page of posts reads `post_media` only for its carousels. Beside its first image's
-- `image_url` and `media_key`, a post keeps how many images it holds and its first image's alt
-- text, written in the transaction that writes its `post_media` rows (social/store/posts.rs), so
-- a post of one image (most posts) answers from its own row.
ALTER TABLE posts ADD COLUMN media_count BIGINT NOT NULL DEFAULT 1;
ALTER TABLE posts ADD COLUMN alt TEXT NOT NULL DEFAULT '';
UPDATE posts
   SET media_count = (SELECT COUNT(*) FROM post_media pm WHERE pm.post_id = posts.id),
       alt = COALESCE((SELECT pm.alt FROM post_media pm
                       WHERE pm.post_id = posts.id AND pm.position = 0), '')
 WHERE EXISTS (SELECT 1 FROM post_media pm
               WHERE pm.post_id = posts.id AND (pm.position > 0 OR pm.alt <> ''));
