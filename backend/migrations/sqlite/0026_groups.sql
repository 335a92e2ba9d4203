-- no-transaction
-- Group conversations (issue 22, docs/groups-contract.md). Portable shapes (DESIGN §1).
--
-- A conversation is `direct` (the pair user_a < user_b, as before) or a `group` (no pair, a
-- name; its people are its member rows). user_a and user_b become nullable and messages gain
-- the type 'system', so both tables are rebuilt (SQLite cannot drop NOT NULL or alter a CHECK
-- in place), outside sqlx's transaction as in 0018: foreign keys off while the old tables are
-- dropped, everything between BEGIN and COMMIT one transaction, and `pragma_foreign_key_check`
-- before COMMIT (https://www.sqlite.org/lang_altertable.html).
PRAGMA foreign_keys = OFF;
BEGIN IMMEDIATE;

-- The trigger reads conversations; it is made again below for groups.
DROP TRIGGER messages_touch_conversation;

CREATE TABLE new_conversations (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_a          BIGINT  REFERENCES users (id) ON DELETE CASCADE,
    user_b          BIGINT  REFERENCES users (id) ON DELETE CASCADE,
    last_message_id BIGINT,
    created_at      BIGINT  NOT NULL,
    kind            TEXT    NOT NULL DEFAULT 'direct' CHECK (kind IN ('direct', 'group')),
    -- A group's name (1–60 characters, checked by the server) and picture (a media key).
    name            TEXT,
    avatar_key      TEXT,
    CHECK (user_a < user_b),
    CHECK ((kind = 'direct' AND user_a IS NOT NULL AND user_b IS NOT NULL AND name IS NULL)
        OR (kind = 'group' AND user_a IS NULL AND user_b IS NULL AND name IS NOT NULL))
);
INSERT INTO new_conversations (id, user_a, user_b, last_message_id, created_at)
SELECT id, user_a, user_b, last_message_id, created_at FROM conversations;
DELETE FROM sqlite_sequence WHERE name = 'new_conversations';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'new_conversations', seq FROM sqlite_sequence WHERE name = 'conversations';
DROP TABLE conversations;
ALTER TABLE new_conversations RENAME TO conversations;
-- NULL pairs never collide: any number of groups.
CREATE UNIQUE INDEX conversations_pair_key ON conversations (user_a, user_b);
CREATE INDEX conversations_user_b_idx ON conversations (user_b);

-- Messages gain 'system' lines (written by the server when a group changes): what happened
-- (`system_kind`) and whom it names (`system_user_id`, NULL when nobody or once they are gone).
CREATE TABLE new_messages (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id BIGINT  NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id       BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content         TEXT    NOT NULL,
    message_type    TEXT    NOT NULL DEFAULT 'text'
                    CHECK (message_type IN ('text', 'voice', 'call', 'post', 'reel', 'system')),
    voice_url       TEXT,
    duration        BIGINT,
    reply_to_id     BIGINT  REFERENCES messages (id) ON DELETE SET NULL,
    created_at      BIGINT  NOT NULL,
    call_outcome    TEXT    CHECK (call_outcome IN ('completed', 'missed', 'declined')),
    shared_post_id  BIGINT  REFERENCES posts (id) ON DELETE SET NULL,
    shared_reel_id  BIGINT  REFERENCES reels (id) ON DELETE SET NULL,
    removed_at      BIGINT,
    system_kind     TEXT    CHECK (system_kind IN ('created', 'added', 'removed', 'left',
                                                   'renamed', 'avatar', 'owner')),
    system_user_id  BIGINT  REFERENCES users (id) ON DELETE SET NULL,
    CHECK ((message_type = 'system') = (system_kind IS NOT NULL))
);
INSERT INTO new_messages (id, conversation_id, sender_id, content, message_type, voice_url,
                          duration, reply_to_id, created_at, call_outcome, shared_post_id,
                          shared_reel_id, removed_at)
SELECT id, conversation_id, sender_id, content, message_type, voice_url, duration, reply_to_id,
       created_at, call_outcome, shared_post_id, shared_reel_id, removed_at
FROM messages;
DELETE FROM sqlite_sequence WHERE name = 'new_messages';
INSERT INTO sqlite_sequence (name, seq)
SELECT 'new_messages', seq FROM sqlite_sequence WHERE name = 'messages';
DROP TABLE messages;
ALTER TABLE new_messages RENAME TO messages;

CREATE INDEX messages_conversation_id_idx ON messages (conversation_id, id);
CREATE INDEX messages_sender_id_idx ON messages (sender_id, id);
CREATE INDEX messages_reply_to_id_idx ON messages (reply_to_id);
CREATE INDEX messages_shared_post_id_idx ON messages (shared_post_id)
    WHERE shared_post_id IS NOT NULL;
CREATE INDEX messages_shared_reel_id_idx ON messages (shared_reel_id)
    WHERE shared_reel_id IS NOT NULL;
-- Deleting a user finds the system lines naming them.
CREATE INDEX messages_system_user_id_idx ON messages (system_user_id)
    WHERE system_user_id IS NOT NULL;

-- Who owns a group (adds and removes people); `joined_at` orders who becomes owner when the
-- owner leaves. Both people of a one-to-one conversation are members.
ALTER TABLE conversation_members ADD COLUMN role TEXT NOT NULL DEFAULT 'member'
    CHECK (role IN ('owner', 'member'));

-- A new message is its conversation's last and moves it to the top of its members' lists. A
-- one-to-one conversation brings back a person who had left (as before, 0006); a group moves
-- only its current members (someone removed or gone keeps nothing new).
CREATE TRIGGER messages_touch_conversation AFTER INSERT ON messages
BEGIN
    UPDATE conversations SET last_message_id = NEW.id
    WHERE id = NEW.conversation_id AND (last_message_id IS NULL OR last_message_id < NEW.id);
    INSERT INTO conversation_members (conversation_id, user_id, joined_at, last_activity_at)
    SELECT id, user_a, NEW.created_at, NEW.created_at FROM conversations
    WHERE id = NEW.conversation_id AND kind = 'direct'
    UNION ALL
    SELECT id, user_b, NEW.created_at, NEW.created_at FROM conversations
    WHERE id = NEW.conversation_id AND kind = 'direct'
    ON CONFLICT (conversation_id, user_id)
    DO UPDATE SET last_activity_at = MAX(last_activity_at, excluded.last_activity_at);
    UPDATE conversation_members SET last_activity_at = NEW.created_at
    WHERE conversation_id = NEW.conversation_id AND last_activity_at < NEW.created_at;
END;

CREATE TEMP TABLE migration_0026_foreign_keys (violations BIGINT CHECK (violations = 0));
INSERT INTO migration_0026_foreign_keys
SELECT (SELECT COUNT(*) FROM pragma_foreign_key_check('conversations'))
     + (SELECT COUNT(*) FROM pragma_foreign_key_check('conversation_members'))
     + (SELECT COUNT(*) FROM pragma_foreign_key_check('messages'))
     + (SELECT COUNT(*) FROM pragma_foreign_key_check('message_reactions'))
     + (SELECT COUNT(*) FROM pragma_foreign_key_check('calls'));
DROP TABLE migration_0026_foreign_keys;

COMMIT;
PRAGMA foreign_keys = ON;
