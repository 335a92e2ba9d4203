-- no-transaction
-- Tags, search over posts and sharing into chats (issue 19, docs/community-contract.md).
-- Portable shapes (DESIGN §1): ids BIGINT, times BIGINT epoch milliseconds.
--
-- Runs outside sqlx's transaction because the messages table is rebuilt (its CHECK on
-- message_type cannot be altered in place): foreign keys must be off while the old table is
-- dropped, or dropping it would delete every reaction (ON DELETE CASCADE), and
-- `PRAGMA foreign_keys` is a no-op inside a transaction. Everything between BEGIN and COMMIT
-- is one transaction, so a failure leaves the database as it was
-- (https://www.sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema Changes").
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

-- A tag is `#word` in a caption or an entry of a post's tags[], normalised by the server
-- (domain/tag.rs). `tags` keeps how many posts carry each one, moved by the triggers below in
-- the transaction that writes the post's rows. WITHOUT ROWID: the primary key b-tree holds
-- posts_count too, so "tags by prefix" is a range of it that reads nothing else.
CREATE TABLE tags (
    tag         TEXT   NOT NULL PRIMARY KEY,
    posts_count BIGINT NOT NULL DEFAULT 0 CHECK (posts_count >= 0)
) WITHOUT ROWID;

-- A tag's posts newest first are a backwards range of the primary key (tag, post_id).
CREATE TABLE post_tags (
    tag     TEXT   NOT NULL,
    post_id BIGINT NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    PRIMARY KEY (tag, post_id)
) WITHOUT ROWID;
-- Deleting a post finds its tags through this.
CREATE INDEX post_tags_post_id_idx ON post_tags (post_id);

CREATE TRIGGER post_tags_counted AFTER INSERT ON post_tags
BEGIN
    INSERT INTO tags (tag, posts_count) VALUES (NEW.tag, 1)
    ON CONFLICT (tag) DO UPDATE SET posts_count = posts_count + 1;
END;
CREATE TRIGGER post_tags_uncounted AFTER DELETE ON post_tags
BEGIN
    UPDATE tags SET posts_count = posts_count - 1 WHERE tag = OLD.tag;
END;

-- The words a post is found by: its caption's, its location's and its tags', as
-- domain::tag::words cuts them (lowercase, accents folded, letters and digits only). The
-- server writes them; both backends index the same clean words, so SQLite's tokenizer and
-- PostgreSQL's parser find the same posts (their own rules for URLs, hyphens, accents and
-- locales differ).
ALTER TABLE posts ADD COLUMN search_words TEXT NOT NULL DEFAULT '';

-- Full-text index over search_words: FTS5 with external content (the posts table keeps the
-- only copy of the text), kept in step by triggers. remove_diacritics 0: the words arrive
-- folded already, and FTS5's own folding table covers letters (ø, đ) PostgreSQL would not fold.
CREATE VIRTUAL TABLE posts_search USING fts5 (
    search_words,
    content = 'posts',
    content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 0'
);
INSERT INTO posts_search (posts_search) VALUES ('rebuild');

CREATE TRIGGER posts_search_after_insert AFTER INSERT ON posts BEGIN
    INSERT INTO posts_search (rowid, search_words) VALUES (new.id, new.search_words);
END;
CREATE TRIGGER posts_search_after_delete AFTER DELETE ON posts BEGIN
    INSERT INTO posts_search (posts_search, rowid, search_words)
    VALUES ('delete', old.id, old.search_words);
END;
CREATE TRIGGER posts_search_after_update AFTER UPDATE OF search_words ON posts BEGIN
    INSERT INTO posts_search (posts_search, rowid, search_words)
    VALUES ('delete', old.id, old.search_words);
    INSERT INTO posts_search (rowid, search_words) VALUES (new.id, new.search_words);
END;

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

-- Messages gain the types 'post' and 'reel' and the shared item (NULL once it is gone). The
-- 12-step rebuild: a new table with every column of the old one in its order (0005, then
-- call_outcome of 0008) plus the two new ones, the rows copied with their ids, the old table
-- dropped, the new one renamed, then its indexes (0005, 0014) and trigger (0006) recreated.
CREATE TABLE new_messages (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id BIGINT  NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id       BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content         TEXT    NOT NULL,
    message_type    TEXT    NOT NULL DEFAULT 'text'
                    CHECK (message_type IN ('text', 'voice', 'call', 'post', 'reel')),
    voice_url       TEXT,
    duration        BIGINT,
    reply_to_id     BIGINT  REFERENCES messages (id) ON DELETE SET NULL,
    created_at      BIGINT  NOT NULL,
    call_outcome    TEXT    CHECK (call_outcome IN ('completed', 'missed', 'declined')),
    shared_post_id  BIGINT  REFERENCES posts (id) ON DELETE SET NULL,
    shared_reel_id  BIGINT  REFERENCES reels (id) ON DELETE SET NULL
);
INSERT INTO new_messages (id, conversation_id, sender_id, content, message_type, voice_url,
                          duration, reply_to_id, created_at, call_outcome)
SELECT id, conversation_id, sender_id, content, message_type, voice_url, duration, reply_to_id,
       created_at, call_outcome
FROM messages;
-- AUTOINCREMENT never reuses an id: carry the old table's high-water mark over (a deleted
-- newest message's id stays used).
DELETE FROM sqlite_sequence WHERE name = 'new_messages';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'new_messages', seq FROM sqlite_sequence WHERE name = 'messages';
DROP TABLE messages;
ALTER TABLE new_messages RENAME TO messages;

CREATE INDEX messages_conversation_id_idx ON messages (conversation_id, id);
CREATE INDEX messages_sender_id_idx ON messages (sender_id, id);
CREATE INDEX messages_reply_to_id_idx ON messages (reply_to_id);
-- Deleting a post or a reel finds the messages sharing it through these (only share messages
-- are in them).
CREATE INDEX messages_shared_post_id_idx ON messages (shared_post_id)
    WHERE shared_post_id IS NOT NULL;
CREATE INDEX messages_shared_reel_id_idx ON messages (shared_reel_id)
    WHERE shared_reel_id IS NOT NULL;

CREATE TRIGGER messages_touch_conversation AFTER INSERT ON messages
BEGIN
    UPDATE conversations SET last_message_id = NEW.id
    WHERE id = NEW.conversation_id AND (last_message_id IS NULL OR last_message_id < NEW.id);
    INSERT INTO conversation_members (conversation_id, user_id, joined_at, last_activity_at)
    SELECT id, user_a, NEW.created_at, NEW.created_at FROM conversations
    WHERE id = NEW.conversation_id
    UNION ALL
    SELECT id, user_b, NEW.created_at, NEW.created_at FROM conversations
    WHERE id = NEW.conversation_id
    ON CONFLICT (conversation_id, user_id)
    DO UPDATE SET last_activity_at = MAX(last_activity_at, excluded.last_activity_at);
END;

-- Step 10: nothing may point nowhere after the swap. A violation fails the CHECK, so the
-- migration stops before COMMIT and the database stays as it was.
CREATE TEMP TABLE migration_0018_foreign_keys (violations BIGINT CHECK (violations = 0));
INSERT INTO migration_0018_foreign_keys
SELECT (SELECT COUNT(*) FROM pragma_foreign_key_check('messages'))
     + (SELECT COUNT(*) FROM pragma_foreign_key_check('message_reactions'));
DROP TABLE migration_0018_foreign_keys;

COMMIT;
PRAGMA foreign_keys = ON;
