-- Issue 44: a post holds 1 to 10 images, each with its alt text (a description for people who
-- cannot see it, at most 1500 characters). `post_media` holds every item in order (position 0
-- is the first); the post's own `image_url` and `media_key` stay the first item's, so the
-- one-image answers and `imageUrl` (deprecated) read as before. A page of posts reads its items
-- in one query by the primary key (post_id, position).
CREATE TABLE post_media (
    post_id   BIGINT  NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    position  BIGINT  NOT NULL CHECK (position BETWEEN 0 AND 9),
    -- `/media/{key}` for a stored image, or an http(s) URL of a post from before images were
    -- always stored.
    image_url TEXT    NOT NULL,
    media_key TEXT    REFERENCES media (key),
    alt       TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (post_id, position)
);
INSERT INTO post_media (post_id, position, image_url, media_key, alt)
    SELECT id, 0, image_url, media_key, '' FROM posts;
