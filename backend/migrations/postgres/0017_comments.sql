-- Comments, replies, comment and reel likes, mentions (issue 19). Portable shapes (DESIGN §1):
-- ids BIGINT, times BIGINT epoch milliseconds.

-- A comment on a post or a reel (exactly one), or a reply to a top-level comment of the same
-- item: a reply to a reply is stored under its top-level comment (one level, as Instagram), so
-- `parent_id` always names a comment whose own `parent_id` is NULL, and a reply carries its
-- item's id too (the wire shows it, and deleting a thread moves that item's count).
-- `likes_count` and `replies_count` are moved in the statements' transaction that change what
-- they count (db/comments.rs); the item's `comments_count` counts replies too.
-- Deleting a comment cascades to its replies, their likes and mentions (foreign keys below).
CREATE TABLE comments (
    id            BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    post_id       BIGINT  REFERENCES posts (id) ON DELETE CASCADE,
    reel_id       BIGINT  REFERENCES reels (id) ON DELETE CASCADE,
    parent_id     BIGINT  REFERENCES comments (id) ON DELETE CASCADE,
    user_id       BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content       TEXT    NOT NULL,
    likes_count   BIGINT  NOT NULL DEFAULT 0 CHECK (likes_count >= 0),
    replies_count BIGINT  NOT NULL DEFAULT 0 CHECK (replies_count >= 0),
    created_at    BIGINT  NOT NULL,
    CHECK ((post_id IS NOT NULL AND reel_id IS NULL) OR (post_id IS NULL AND reel_id IS NOT NULL))
);
-- The top-level comments of a post or a reel, walked backwards by id (`id < before`). Partial:
-- a thread with thousands of replies costs the list nothing, and PostgreSQL knows the rows come
-- in id order (an `IS NULL` condition on a middle column would not tell it).
CREATE INDEX comments_post_top_idx ON comments (post_id, id) WHERE parent_id IS NULL;
CREATE INDEX comments_reel_top_idx ON comments (reel_id, id) WHERE parent_id IS NULL;
-- A comment's replies by id; also the cascade from a deleted comment to its replies.
CREATE INDEX comments_parent_id_idx ON comments (parent_id, id);
-- Deleting a user, a post or a reel finds what refers to it through these. With `parent_id`
-- and `id` after the item's id, SQLite's planner (which cannot tell which is smaller without
-- statistics) serves the top-level list as well from these as from the partial ones.
CREATE INDEX comments_user_id_idx ON comments (user_id);
CREATE INDEX comments_post_id_idx ON comments (post_id, parent_id, id);
CREATE INDEX comments_reel_id_idx ON comments (reel_id, parent_id, id);

-- One row per (user, comment): a like toggles (as post_likes).
CREATE TABLE comment_likes (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    comment_id BIGINT NOT NULL REFERENCES comments (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, comment_id)
);
CREATE INDEX comment_likes_comment_id_idx ON comment_likes (comment_id);

-- One row per (user, reel): a like toggles; reels.likes_count follows.
CREATE TABLE reel_likes (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reel_id    BIGINT NOT NULL REFERENCES reels (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, reel_id)
);
CREATE INDEX reel_likes_reel_id_idx ON reel_likes (reel_id);

-- `@username` in a caption or a comment naming an existing, active account (unknown names
-- stay text). The notifications issue reads them: a user's mentions newest first.
CREATE TABLE mentions (
    id                BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    mentioned_user_id BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    author_id         BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    post_id           BIGINT  REFERENCES posts (id) ON DELETE CASCADE,
    comment_id        BIGINT  REFERENCES comments (id) ON DELETE CASCADE,
    created_at        BIGINT  NOT NULL,
    CHECK ((post_id IS NOT NULL AND comment_id IS NULL)
        OR (post_id IS NULL AND comment_id IS NOT NULL))
);
CREATE INDEX mentions_mentioned_user_id_idx ON mentions (mentioned_user_id, id);
-- A name is mentioned once per caption or comment; these are also the cascades' lookups.
CREATE UNIQUE INDEX mentions_post_key ON mentions (post_id, mentioned_user_id);
CREATE UNIQUE INDEX mentions_comment_key ON mentions (comment_id, mentioned_user_id);
CREATE INDEX mentions_author_id_idx ON mentions (author_id);
