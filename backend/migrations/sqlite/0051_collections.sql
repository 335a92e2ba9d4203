-- Issue 44: named collections of saved posts, private to their owner. A post in a collection is
-- one of the owner's saves (a `bookmarks` row): adding a post to a collection saves it, and
-- unsaving it takes it out of every collection (the cascade). Deleting a collection leaves its
-- posts saved ('All saved').
CREATE TABLE collections (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id    BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT    NOT NULL,
    -- The name folded to lower case: one owner's names differ by more than case.
    name_key   TEXT    NOT NULL,
    created_at BIGINT  NOT NULL,
    updated_at BIGINT  NOT NULL
);
-- The owner's collections, newest first; a name once per owner.
CREATE INDEX collections_user_idx ON collections (user_id, id);
CREATE UNIQUE INDEX collections_user_name_key ON collections (user_id, name_key);
CREATE TABLE collection_posts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    collection_id BIGINT  NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
    bookmark_id   BIGINT  NOT NULL REFERENCES bookmarks (id) ON DELETE CASCADE,
    post_id       BIGINT  NOT NULL,
    created_at    BIGINT  NOT NULL
);
-- A collection's posts, most recently added first; a post once per collection; the cascade
-- from an unsave; which of the owner's collections hold a post.
CREATE INDEX collection_posts_collection_idx ON collection_posts (collection_id, id);
CREATE UNIQUE INDEX collection_posts_post_key ON collection_posts (collection_id, post_id);
CREATE INDEX collection_posts_bookmark_idx ON collection_posts (bookmark_id);
