-- Chat (issue 7): one-to-one conversations, their members, messages, replies and reactions.
-- Portable shapes (DESIGN §1): ids BIGINT, times BIGINT epoch milliseconds.

-- A one-to-one conversation is the pair (user_a < user_b), unique: two people starting one at
-- the same moment find the same row. `last_message_id` is the list's "lastMessage".
CREATE TABLE conversations (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    user_a          BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    user_b          BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_message_id BIGINT,
    created_at      BIGINT  NOT NULL,
    CHECK (user_a < user_b)
);
CREATE UNIQUE INDEX conversations_pair_key ON conversations (user_a, user_b);
CREATE INDEX conversations_user_b_idx ON conversations (user_b);

-- Whose list a conversation is in: a row per member who has not left. Reading and writing need
-- the row; a new message brings back a member who left (as a closed DM comes back on Discord).
-- `last_activity_at` orders the list through `conversation_members_list_idx`.
CREATE TABLE conversation_members (
    conversation_id  BIGINT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    user_id          BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    joined_at        BIGINT NOT NULL,
    last_activity_at BIGINT NOT NULL,
    PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX conversation_members_list_idx
    ON conversation_members (user_id, last_activity_at DESC, conversation_id DESC);

CREATE TABLE messages (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    conversation_id BIGINT  NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    sender_id       BIGINT  NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    content         TEXT    NOT NULL,
    message_type    TEXT    NOT NULL DEFAULT 'text' CHECK (message_type IN ('text', 'voice', 'call')),
    -- Voice messages (issue 8): `/media/{key}` and seconds. 'call' lines (issue 8) are written
    -- by the server when a call ends.
    voice_url       TEXT,
    duration        BIGINT,
    reply_to_id     BIGINT  REFERENCES messages (id) ON DELETE SET NULL,
    created_at      BIGINT  NOT NULL
);
-- A conversation's messages, newest first by keyset (`id < before`).
CREATE INDEX messages_conversation_id_idx ON messages (conversation_id, id);

-- One row per (message, user, emoji): a reaction toggles.
CREATE TABLE message_reactions (
    message_id BIGINT NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    user_id    BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    emoji      TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (message_id, user_id, emoji)
);
CREATE INDEX message_reactions_user_id_idx ON message_reactions (user_id);
-- Deleting a user or a message finds what refers to it through these.
CREATE INDEX messages_sender_id_idx ON messages (sender_id);
CREATE INDEX messages_reply_to_id_idx ON messages (reply_to_id);
