-- Tags, search over posts and sharing into chats (issue 19, docs/community-contract.md).
-- Portable shapes (DESIGN §1): ids BIGINT, times BIGINT epoch milliseconds.

-- A tag is `#word` in a caption or an entry of a post's tags[], normalised by the server
-- (domain/tag.rs). `tags` keeps how many posts carry each one, moved by the triggers below in
-- the transaction that writes the post's rows. COLLATE "C": tags are compared by code point,
-- so "tags by prefix" is a range (`tag >= $1 AND tag < $1 || U+10FFFF`) of the primary key,
-- which carries posts_count (INCLUDE) for an index-only scan.
CREATE TABLE tags (
    tag         TEXT COLLATE "C" NOT NULL,
    posts_count BIGINT NOT NULL DEFAULT 0 CHECK (posts_count >= 0),
    CONSTRAINT tags_pkey PRIMARY KEY (tag) INCLUDE (posts_count)
);

-- A tag's posts newest first are a backwards range of the primary key (tag, post_id).
CREATE TABLE post_tags (
    tag     TEXT COLLATE "C" NOT NULL,
    post_id BIGINT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    PRIMARY KEY (tag, post_id)
);
-- Deleting a post finds its tags through this.
CREATE INDEX post_tags_post_id_idx ON post_tags (post_id);

CREATE FUNCTION post_tags_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO tags (tag, posts_count) VALUES (NEW.tag, 1)
        ON CONFLICT (tag) DO UPDATE SET posts_count = tags.posts_count + 1;
    ELSE
        UPDATE tags SET posts_count = posts_count - 1 WHERE tag = OLD.tag;
    END IF;
    RETURN NULL;
END;
$$;
CREATE TRIGGER post_tags_counted AFTER INSERT OR DELETE ON post_tags
    FOR EACH ROW EXECUTE FUNCTION post_tags_count();

-- The words a post is found by: its caption's, its location's and its tags', as
-- domain::tag::words cuts them (lowercase, accents folded, letters and digits only). The
-- server writes them; both backends index the same clean words, so PostgreSQL's parser and
-- SQLite's tokenizer find the same posts (their own rules for URLs, hyphens, accents and
-- locales differ). 'simple': no stemming and no stop words, as FTS5's unicode61.
ALTER TABLE posts ADD COLUMN search_words TEXT NOT NULL DEFAULT '';
ALTER TABLE posts ADD COLUMN search_vector tsvector
    GENERATED ALWAYS AS (to_tsvector('simple', search_words)) STORED;
CREATE INDEX posts_search_idx ON posts USING gin (search_vector);

-- Posts written before this migration get their tags and words from the server after the
-- migrations (db::tags::backfill): SQL cannot read #hashtags or fold accents the same way on
-- both backends. It walks the posts below `below` downwards in batches, moving `below` in each
-- batch's transaction, and deletes the row when done; posts written since tag themselves.
CREATE TABLE tags_backfill (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    below BIGINT  NOT NULL
);
INSERT INTO tags_backfill (id, below) SELECT 1, COALESCE(MAX(id), 0) + 1 FROM posts;

-- sharesCount counts distinct (sharer, item): one row each, the counter moved only when the
-- row is new, in the share's transaction.
CREATE TABLE post_shares (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    post_id    BIGINT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, post_id)
);
CREATE INDEX post_shares_post_id_idx ON post_shares (post_id);

CREATE TABLE reel_shares (
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reel_id    BIGINT NOT NULL REFERENCES reels (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, reel_id)
);
CREATE INDEX reel_shares_reel_id_idx ON reel_shares (reel_id);

-- Messages gain the types 'post' and 'reel' and the shared item (NULL once it is gone).
ALTER TABLE messages DROP CONSTRAINT messages_message_type_check;
ALTER TABLE messages ADD CONSTRAINT messages_message_type_check
    CHECK (message_type IN ('text', 'voice', 'call', 'post', 'reel'));
ALTER TABLE messages ADD COLUMN shared_post_id BIGINT REFERENCES posts (id) ON DELETE SET NULL;
ALTER TABLE messages ADD COLUMN shared_reel_id BIGINT REFERENCES reels (id) ON DELETE SET NULL;
-- Deleting a post or a reel finds the messages sharing it through these (only share messages
-- are in them).
CREATE INDEX messages_shared_post_id_idx ON messages (shared_post_id)
    WHERE shared_post_id IS NOT NULL;
CREATE INDEX messages_shared_reel_id_idx ON messages (shared_reel_id)
    WHERE shared_reel_id IS NOT NULL;
